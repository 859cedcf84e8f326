import { Link, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { acceptInvitationBody } from '@/contract/schemas/users';
import type { InvitationView } from '@/contract/users';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useFailureText } from '@/lib/i18n';
import { beginSession } from '@/lib/session';
import { selectSupplier } from '@/lib/suppliers';
import { useLinkCheck } from '@/lib/use-link-check';
import { Button, button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { FormFailure } from '@/ui/form-failure';
import { Alert, mutedText, pageTitle, Spinner, stack } from '@/ui/layout';
import { NewPasswordFields } from '@/ui/new-password-fields';
import { css, cx } from '../../../styled-system/css';
import { acceptInvitation, checkInvitation } from './invitation-api';

/** A link already used: the person has a password, so signing in is the way. The rest say what they are. */
function LinkFailure({ error }: { error: unknown }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const accepted = error instanceof HttpError && error.code === 'INVITATION_NOT_PENDING';
  return <Alert tone="error">{accepted ? intl.formatMessage({ id: 'invitation.accepted' }) : failureText(error)}</Alert>;
}

/** The invitee sets a password; accepting signs them in, in the company that invited them. */
function AcceptForm({ token, view }: { token: string; view: InvitationView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const form = useForm({ password: '', repeatPassword: '' });

  const onSubmit = () =>
    form.submit(acceptInvitationBody, { token, ...form.values }, async (body) => {
      const accepted = await acceptInvitation(body);
      beginSession(accepted);
      selectSupplier(accepted.supplierId);
      // A redeemer's work is the till (SPEC §6).
      await navigate({ to: accepted.roles.includes('roleRedeemer') ? '/redemption' : '/', replace: true });
    });

  return (
    <form
      noValidate
      className={cx(stack, css({ gap: '5' }))}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      data-testid="invitation-form"
    >
      <h1 className={cx(pageTitle, css({ overflowWrap: 'anywhere' }))}>
        {intl.formatMessage({ id: 'invitation.title' }, { company: view.companyName })}
      </h1>
      <p className={mutedText}>
        {intl.formatMessage({ id: 'invitation.intro' }, { firstName: view.firstName, email: view.email })}{' '}
        {intl.formatMessage(
          { id: 'invitation.validUntil' },
          { date: intl.formatDate(view.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) },
        )}
      </p>
      <FormFailure error={form.formError} />
      {/* The address the password is for: password managers save them together. */}
      <TextField label={intl.formatMessage({ id: 'field.email' })} type="email" autoComplete="username" value={view.email} readOnly />
      <NewPasswordFields values={form.values} errors={form.errors} field={form.field} />
      <Button type="submit" width="full" disabled={form.submitting} data-testid="invitation-submit">
        {intl.formatMessage({ id: 'invitation.submit' })}
      </Button>
    </form>
  );
}

/**
 * /invitation?token= (decision 53): the link in the invitation mail. Opening it
 * only checks it (mail scanners open links too); a bad, expired or used link
 * says so, with the way to sign in.
 */
export function InvitationPage({ token }: { token?: string }) {
  const intl = useIntl();
  const link = useLinkCheck(checkInvitation, token ? { token } : null);
  if (token && link.state === 'valid') return <AcceptForm token={token} view={link.value} />;

  return (
    <div className={stack}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'title.invitation' })}</h1>
      {!token ? (
        <Alert tone="error">{intl.formatMessage({ id: 'error.INVALID_LINK' })}</Alert>
      ) : link.state === 'checking' ? (
        <Spinner label={intl.formatMessage({ id: 'state.loading' })} />
      ) : link.state === 'failed' ? (
        <LinkFailure error={link.error} />
      ) : null}
      <Link to="/login" className={button({ width: 'full' })}>
        {intl.formatMessage({ id: 'reset.toLogin' })}
      </Link>
    </div>
  );
}
