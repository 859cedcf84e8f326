import type { MyInvitation } from '@contract/users';
import { css, cx } from '@styled/css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { post } from '@/lib/http';
import { useOnline } from '@/lib/online';
import { accountInfoQuery, supplierListQuery } from '@/lib/queries';
import { updateUser } from '@/lib/session';
import { selectSupplier } from '@/lib/suppliers';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { FormFailure } from '@/ui/form-failure';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { actionRow } from '@/ui/list-table';
import { useRoleNames } from '@/ui/role-names';
import { myInvitationsQuery } from './queries';

/**
 * An answer to one invitation. Accepting reloads the company list and the account's roles and opens the company;
 * either way the list of invitations is asked again.
 */
function useAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ supplierId, accept }: { supplierId: string; accept: boolean }) =>
      accept
        ? post('/api/front/user/invitations/accept', { json: { supplierId }, quiet: true })
        : post('/api/front/user/invitations/decline', { json: { supplierId }, quiet: true }),
    networkMode: 'always',
    onSuccess: async (_answer, { supplierId, accept }) => {
      if (accept) {
        const [info] = await Promise.all([
          queryClient.fetchQuery({ ...accountInfoQuery(), staleTime: 0 }),
          queryClient.fetchQuery({ ...supplierListQuery(), staleTime: 0 }),
        ]);
        updateUser(info);
        selectSupplier(supplierId);
      }
      await queryClient.invalidateQueries({ queryKey: myInvitationsQuery().queryKey });
    },
  });
}

function InvitationRow({ invitation }: { invitation: MyInvitation }) {
  const intl = useIntl();
  const roleNames = useRoleNames();
  const online = useOnline();
  const answer = useAnswer();
  const values = { company: invitation.companyName };
  const onAnswer = (accept: boolean) =>
    answer.mutateAsync({ supplierId: invitation.supplierId, accept }).then(
      () =>
        showToast({
          tone: 'success',
          messageId: accept ? 'dashboard.invitations.accepted' : 'dashboard.invitations.declined',
          values,
          lifeMs: 6000,
        }),
      () => undefined,
    );
  return (
    <li className={cx(actionRow, css({ _first: { borderTopWidth: 0 } }))} data-testid="my-invitation">
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
        <strong className={css({ overflowWrap: 'anywhere' })}>
          {intl.formatMessage({ id: 'dashboard.invitations.from' }, { ...values, roles: roleNames(invitation.roles) })}
        </strong>
        <span className={mutedText}>
          {invitation.invitedBy ? `${intl.formatMessage({ id: 'dashboard.invitations.by' }, { name: invitation.invitedBy })} · ` : ''}
          {intl.formatMessage(
            { id: 'dashboard.invitations.until' },
            { date: intl.formatDate(invitation.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) },
          )}
        </span>
        <FormFailure error={answer.error} />
      </div>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <Button disabled={answer.isPending || !online} onClick={() => void onAnswer(true)} data-testid="my-invitation-accept">
          {intl.formatMessage({ id: 'dashboard.invitations.accept' })}
        </Button>
        <Button
          tone="secondary"
          disabled={answer.isPending || !online}
          onClick={() => void onAnswer(false)}
          data-testid="my-invitation-decline"
        >
          {intl.formatMessage({ id: 'dashboard.invitations.decline' })}
        </Button>
      </div>
    </li>
  );
}

/** The dashboard's invitations (decision 074): a person joins a company only by accepting here or from the mail. */
export function MyInvitations() {
  const intl = useIntl();
  const invitations = useQuery(myInvitationsQuery()).data?.items ?? [];
  if (invitations.length === 0) return null;
  return (
    <Card data-testid="my-invitations">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'dashboard.invitations.title' })}</h2>
      <p className={mutedText}>{intl.formatMessage({ id: 'dashboard.invitations.text' })}</p>
      <ul className={css({ listStyle: 'none', m: 0, p: 0 })}>
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.supplierId} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}
