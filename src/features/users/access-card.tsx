import { blockBody } from '@contract/schemas/users';
import type { MemberDetails } from '@contract/users';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { ConfirmedAction, type ConfirmedActionProps } from '@/ui/confirmed-action';
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
  const block = useBlockMember();
  const form = useForm({ reason: '' });
  const lockedId = useId();
  // Why the button is off: said next to it, and the server would refuse alike.
  const lockedBy = member.isSelf ? 'error.OWN_ACCESS_LOCKED' : member.roles.includes('roleAdmin') ? 'users.block.adminNote' : null;
  // The reason is checked as a form's field is: a refusal keeps the dialog open, with the reason as typed.
  const blockWithReason = {
    mutateAsync: () =>
      form
        .submit(blockBody, { supplierId, userId: member.id, reason: form.values.reason.trim() || undefined }, (body) =>
          block.mutateAsync(body),
        )
        .then((done) => {
          if (!done) throw new Error('block refused'); // said inside the dialog: the field's error or the form's
        }),
    reset: () => form.setFormError(null),
    isPending: form.submitting,
    error: form.formError,
  };

  return (
    <>
      <p className={mutedText}>{intl.formatMessage({ id: 'users.block.text' })}</p>
      {lockedBy ? (
        <p className={mutedText} id={lockedId} data-testid="member-block-locked">
          {intl.formatMessage({ id: lockedBy })}
        </p>
      ) : null}
      <ConfirmedAction
        label={intl.formatMessage({ id: 'users.block.action' })}
        title={intl.formatMessage({ id: 'users.block.title' }, { name })}
        description={intl.formatMessage({ id: 'users.block.text' })}
        cancelLabel={intl.formatMessage({ id: 'users.dialog.cancel' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        disabled={lockedBy !== null}
        describedBy={lockedBy ? lockedId : undefined}
        testId="member-block"
        mutation={blockWithReason}
        onDone={() => {
          form.setValues({ reason: '' });
          showToast({ tone: 'success', messageId: 'users.block.done', values: { name }, lifeMs: 6000 });
        }}
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
      </ConfirmedAction>
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
