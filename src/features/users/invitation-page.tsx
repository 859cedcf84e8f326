import { acceptInvitationBody, joinInvitationBody } from '@contract/schemas/users';
import type { AcceptedInvitation, InvitationView } from '@contract/users';
import { css, cx } from '@styled/css';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { boundField } from '@/lib/bound-field';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { beginSession } from '@/lib/session';
import { selectSupplier } from '@/lib/suppliers';
import { useLinkCheck } from '@/lib/use-link-check';
import { Button, button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { FormFailure } from '@/ui/form-failure';
import { Alert, mutedText, pageTitle, stack } from '@/ui/layout';
import { NewPasswordFields } from '@/ui/new-password-fields';
import { PagePending } from '@/ui/page-states';
import { acceptInvitation, checkInvitation, joinByInvitation } from './invitation-api';

/** A link already used: the person has a password, so signing in is the way. The rest say what they are. */
function LinkFailure({ error }: { error: unknown }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const accepted = error instanceof HttpError && error.code === 'INVITATION_NOT_PENDING';
  return <Alert tone="error">{accepted ? intl.formatMessage({ id: 'invitation.accepted' }) : failureText(error)}</Alert>;
}

/** Signed in by the answer: the company that invited is selected, and a redeemer lands on the till (SPEC §6). */
function useEnter() {
  const navigate = useNavigate();
  return async (accepted: AcceptedInvitation) => {
    beginSession(accepted);
    selectSupplier(accepted.supplierId);
    await navigate({ to: accepted.roles.includes('roleRedeemer') ? '/redemption' : '/', replace: true });
  };
}

/** The two ways in: someone new sets a password, an account holder joins with theirs. */
const WAYS = {
  accept: { introId: 'invitation.intro', testId: 'invitation-form', submitId: 'invitation.submit', submitTestId: 'invitation-submit' },
  join: { introId: 'invitation.joinIntro', testId: 'invitation-join-form', submitId: 'invitation.join', submitTestId: 'invitation-join' },
} as const;

interface InvitationFormProps {
  view: InvitationView;
  way: keyof typeof WAYS;
  form: { submitting: boolean; formError: unknown };
  onSubmit(): Promise<unknown>;
  children: ReactNode;
}

/** Whom the invitation is from and until when it works, the address it is for, the password fields, the button. */
function InvitationForm({ view, way, form, onSubmit, children }: InvitationFormProps) {
  const intl = useIntl();
  const { introId, testId, submitId, submitTestId } = WAYS[way];
  return (
    <Form spacing="wide" onSubmit={onSubmit} data-testid={testId}>
      <h1 className={cx(pageTitle, css({ overflowWrap: 'anywhere' }))}>
        {intl.formatMessage({ id: 'invitation.title' }, { company: view.companyName })}
      </h1>
      <p className={mutedText}>
        {intl.formatMessage({ id: introId }, { firstName: view.firstName, email: view.email, company: view.companyName })}{' '}
        {intl.formatMessage(
          { id: 'invitation.validUntil' },
          { date: intl.formatDate(view.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) },
        )}
      </p>
      <FormFailure error={form.formError} />
      {/* The address the password is for: password managers save them together. */}
      <TextField label={intl.formatMessage({ id: 'field.email' })} type="email" autoComplete="username" value={view.email} readOnly />
      {children}
      <Button type="submit" width="full" disabled={form.submitting} data-testid={submitTestId}>
        {intl.formatMessage({ id: submitId })}
      </Button>
    </Form>
  );
}

/** Someone new sets a password; accepting confirms the address, joins and signs in. */
function AcceptForm({ token, view }: { token: string; view: InvitationView }) {
  const enter = useEnter();
  const form = useForm({ password: '', repeatPassword: '' });
  return (
    <InvitationForm
      view={view}
      way="accept"
      form={form}
      onSubmit={() => form.submit(acceptInvitationBody, { token, ...form.values }, async (body) => enter(await acceptInvitation(body)))}
    >
      <NewPasswordFields values={form.values} errors={form.errors} field={form.field} />
    </InvitationForm>
  );
}

/** An account holder joins with the password they have (decision 074): nothing changes until they do. */
function JoinForm({ token, view }: { token: string; view: InvitationView }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const enter = useEnter();
  const form = useForm({ password: '' });
  return (
    <InvitationForm
      view={view}
      way="join"
      form={form}
      onSubmit={() => form.submit(joinInvitationBody, { token, ...form.values }, async (body) => enter(await joinByInvitation(body)))}
    >
      <TextField
        label={intl.formatMessage({ id: 'field.password' })}
        type="password"
        autoComplete="current-password"
        {...boundField(form, errorText, 'password')}
      />
      <Link to="/password-reset-email">{intl.formatMessage({ id: 'login.forgot' })}</Link>
    </InvitationForm>
  );
}

/**
 * /invitation?token= (decisions 53, 074): the link in the invitation mail. Opening it
 * only checks it (mail scanners open links too); someone new sets a password, an
 * account holder gives theirs; a bad, expired or used link says so, with the way to sign in.
 */
export function InvitationPage({ token }: { token?: string }) {
  const intl = useIntl();
  const link = useLinkCheck(checkInvitation, token ? { token } : null);
  if (token && link.state === 'valid')
    return link.value.account === 'new' ? <AcceptForm token={token} view={link.value} /> : <JoinForm token={token} view={link.value} />;

  return (
    <div className={stack}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'title.invitation' })}</h1>
      {!token ? (
        <Alert tone="error">{intl.formatMessage({ id: 'error.INVALID_LINK' })}</Alert>
      ) : link.state === 'checking' ? (
        <PagePending />
      ) : link.state === 'failed' ? (
        <LinkFailure error={link.error} />
      ) : null}
      <Link to="/login" className={button({ width: 'full' })}>
        {intl.formatMessage({ id: 'reset.toLogin' })}
      </Link>
    </div>
  );
}
