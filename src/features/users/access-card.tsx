import { blockBody } from '@contract/schemas/users';
import type { MemberDetails } from '@contract/users';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { ConfirmedAction, type ConfirmedActionProps } from '@/ui/confirmed-action';
import { ConfirmDialog } from '@/ui/dialog';
import { FormFailure } from '@/ui/form-failure';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { TextAreaField } from '@/ui/text-area-field';
import { useBlockMember, useUnblockMember, useWithdrawInvitation } from './queries';

interface Props {
  member: MemberDetails;
  supplierId: string;
  name: string;
}

/** Block, with an optional reason kept in the history (SPEC §5: never an administrator, never oneself). */
function BlockAction({ member, supplierId, name }: Props) {
  const intl = useIntl();
  const errorText = useErrorText();
  const online = useOnline();
  const block = useBlockMember();
  const form = useForm({ reason: '' });
  const [open, setOpen] = useState(false);
  const lockedId = useId();
  // Why the button is off: said next to it, and the server would refuse alike.
  const lockedBy = member.isSelf ? 'error.OWN_ACCESS_LOCKED' : member.roles.includes('roleAdmin') ? 'users.block.adminNote' : null;

  const onConfirm = () =>
    form.submit(blockBody, { supplierId, userId: member.id, reason: form.values.reason.trim() || undefined }, async (body) => {
      await block.mutateAsync(body);
      setOpen(false);
      form.setValues({ reason: '' });
      showToast({ tone: 'success', messageId: 'users.block.done', values: { name }, lifeMs: 6000 });
    });

  return (
    <>
      <p className={mutedText}>{intl.formatMessage({ id: 'users.block.text' })}</p>
      {lockedBy ? (
        <p className={mutedText} id={lockedId} data-testid="member-block-locked">
          {intl.formatMessage({ id: lockedBy })}
        </p>
      ) : null}
      <div>
        <Button
          tone="secondary"
          disabled={lockedBy !== null || !online}
          aria-describedby={lockedBy ? lockedId : undefined}
          onClick={() => setOpen(true)}
          data-testid="member-block"
        >
          {intl.formatMessage({ id: 'users.block.action' })}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.setFormError(null);
        }}
        title={intl.formatMessage({ id: 'users.block.title' }, { name })}
        description={intl.formatMessage({ id: 'users.block.text' })}
        confirmLabel={intl.formatMessage({ id: 'users.block.action' })}
        cancelLabel={intl.formatMessage({ id: 'users.dialog.cancel' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        disabled={form.submitting}
        onConfirm={() => void onConfirm()}
      >
        <TextAreaField
          label={intl.formatMessage({ id: 'users.block.reason' })}
          hint={intl.formatMessage({ id: 'users.block.reasonHint' })}
          value={form.values.reason}
          name="reason"
          error={errorText(form.errors.reason)}
          onChange={(event) => {
            form.setValues({ reason: event.target.value });
            form.setErrors({});
          }}
        />
        <FormFailure error={form.formError} />
      </ConfirmDialog>
    </>
  );
}

/** A confirmed change of access under the line that says what access the person has now. */
function ConfirmedActionWithText({ text, ...action }: Omit<ConfirmedActionProps, 'cancelLabel' | 'closeLabel'> & { text: string }) {
  const intl = useIntl();
  return (
    <>
      <p className={mutedText}>{text}</p>
      <ConfirmedAction
        {...action}
        cancelLabel={intl.formatMessage({ id: 'users.dialog.cancel' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
      />
    </>
  );
}

/** Unblock: access to this company comes back; the person signs in again. */
function UnblockAction({ member, supplierId, name }: Props) {
  const intl = useIntl();
  const unblock = useUnblockMember();
  return (
    <ConfirmedActionWithText
      text={intl.formatMessage({ id: 'users.blocked.text' })}
      label={intl.formatMessage({ id: 'users.unblock.action' })}
      title={intl.formatMessage({ id: 'users.unblock.title' }, { name })}
      description={intl.formatMessage({ id: 'users.unblock.text' })}
      disabled={member.isSelf}
      testId="member-unblock"
      mutation={{ ...unblock, mutateAsync: () => unblock.mutateAsync({ supplierId, userId: member.id }) }}
      onDone={() => showToast({ tone: 'success', messageId: 'users.unblock.done', values: { name }, lifeMs: 6000 })}
    />
  );
}

/** Someone invited who has not joined: the invitation can be taken back (its link stops working). */
function WithdrawAction({ member, supplierId }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  const withdraw = useWithdrawInvitation();
  return (
    <ConfirmedActionWithText
      text={intl.formatMessage({ id: 'users.invited.text' })}
      label={intl.formatMessage({ id: 'users.withdraw.action' })}
      title={intl.formatMessage({ id: 'users.withdraw.title' }, { email: member.email })}
      description={intl.formatMessage({ id: 'users.withdraw.text' })}
      testId="member-withdraw"
      mutation={{ ...withdraw, mutateAsync: () => withdraw.mutateAsync({ supplierId, userId: member.id }) }}
      onDone={async () => {
        showToast({ tone: 'success', messageId: 'users.withdraw.done', values: { email: member.email }, lifeMs: 6000 });
        await navigate({ to: '/users' });
      }}
    />
  );
}

/** The person's access to this company: block, unblock a blocked one, or withdraw an invitation not accepted. */
export function AccessCard(props: Props) {
  const intl = useIntl();
  const { member } = props;
  return (
    <Card data-testid="member-access">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'users.section.access' })}</h2>
      {member.invitation ? (
        <WithdrawAction {...props} />
      ) : member.status === 'blocked' ? (
        <UnblockAction {...props} />
      ) : (
        <BlockAction {...props} />
      )}
    </Card>
  );
}
