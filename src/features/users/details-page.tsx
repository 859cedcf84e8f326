import { personName, type MemberDetails } from '@contract/users';
import { css, cx } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useOnline } from '@/lib/online';
import { useSupplierId } from '@/lib/queries';
import { showToast } from '@/lib/toast';
import { Badge } from '@/ui/badge';
import { Button, button } from '@/ui/button';
import { DetailList, type DetailRow } from '@/ui/detail-list';
import { FormFailure } from '@/ui/form-failure';
import { Card, pageTitle, sectionTitle } from '@/ui/layout';
import { MailDeliveryNotice } from '@/ui/mail-delivery';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { AccessCard } from './access-card';
import { MemberHistory } from './member-history';
import { memberQuery, useResendInvitation } from './queries';
import { RolesCard } from './roles-card';
import { MemberStatusBadge } from './status-badge';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });
const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, alignItems: 'start' });

/** Contacts, status, dates; a pending invitation's expiry, and sending it again (with a new link). */
function DetailsCard({ member, supplierId }: { member: MemberDetails; supplierId: string }) {
  const intl = useIntl();
  const online = useOnline();
  const resend = useResendInvitation();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const rows: DetailRow[] = [
    [intl.formatMessage({ id: 'field.email' }), <a href={`mailto:${member.email}`}>{member.email}</a>],
    [intl.formatMessage({ id: 'field.phone' }), member.phone ? <a href={`tel:${member.phone}`}>{member.phone}</a> : ''],
    [intl.formatMessage({ id: 'users.field.status' }), <MemberStatusBadge status={member.status} />],
    [intl.formatMessage({ id: 'users.field.addedAt' }), date(member.addedAt)],
  ];
  if (member.invitation) rows.push([intl.formatMessage({ id: 'users.field.invitationExpires' }), date(member.invitation.expiresAt)]);

  const onResend = () =>
    resend.mutateAsync({ supplierId, userId: member.id }).then(
      () => showToast({ tone: 'success', messageId: 'users.resend.done', values: { email: member.email }, lifeMs: 8000 }),
      () => undefined,
    );

  return (
    <Card data-testid="member-details">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'users.section.details' })}</h2>
      <DetailList rows={rows} />
      {member.invitation ? (
        <>
          <MailDeliveryNotice delivery={member.invitation.mail} />
          <FormFailure error={resend.error} />
          <div>
            <Button tone="secondary" disabled={resend.isPending || !online} onClick={() => void onResend()} data-testid="member-resend">
              {intl.formatMessage({ id: 'users.resend.action' })}
            </Button>
          </div>
        </>
      ) : null}
    </Card>
  );
}

/**
 * /users/user/{id} (SPEC §2): the person's details, their roles to edit, block
 * or unblock with a confirmation, and the history of these changes.
 */
export function UserDetailsPage({ userId }: { userId: string }) {
  const intl = useIntl();
  const supplierId = useSupplierId();
  const details = useQuery({ ...memberQuery(supplierId ?? '', userId), enabled: supplierId !== null });
  const back = (
    <Link to="/users" className={button({ tone: 'ghost' })}>
      {intl.formatMessage({ id: 'users.backToList' })}
    </Link>
  );

  if (!details.data || !supplierId) return <QueryFallback queries={[details]} back={back} />;

  const member = details.data;
  const name = personName(member);
  return (
    <div className={page}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
          <h1 className={cx(pageTitle, css({ overflowWrap: 'anywhere' }))}>{name}</h1>
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            <MemberStatusBadge status={member.status} />
            {member.isSelf ? <Badge tone="neutral">{intl.formatMessage({ id: 'users.you' })}</Badge> : null}
            <SavedMark updatedAt={details.dataUpdatedAt} />
          </div>
        </div>
        {back}
      </div>
      <div className={grid}>
        <DetailsCard member={member} supplierId={supplierId} />
        <RolesCard key={member.roles.join()} member={member} supplierId={supplierId} />
        <AccessCard member={member} supplierId={supplierId} name={name} />
        {member.history.length > 0 ? <MemberHistory history={member.history} /> : null}
      </div>
    </div>
  );
}
