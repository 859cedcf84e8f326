import { authCorrectionBody } from '@contract/schemas/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { boundField } from '@/lib/bound-field';
import { useForm } from '@/lib/form';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { mainStore } from '@/lib/main-store';
import { beginSession, userStore } from '@/lib/session';
import { useLinkCheck } from '@/lib/use-link-check';
import { useStore } from '@/lib/use-store';
import { button, Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { FormFailure } from '@/ui/form-failure';
import { Alert, mutedText, pageTitle, stack } from '@/ui/layout';
import { NewPasswordFields } from '@/ui/new-password-fields';
import { PagePending } from '@/ui/page-states';
import { registerConfirm, resendConfirmEmail } from './api';
import { CodeStep } from './code-step';
import { checkAuthCorrection, confirmAuthCorrection } from './correction-api';
import { AuthForm } from './form-parts';
import { emailBody } from './schemas';

/**
 * /confirm-email: the registration code for the address this browser registered or signed in with
 * (so the person typing the code knows the password), else a new mail whose link sets the password.
 */
export function ConfirmEmailPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { region } = useStore(mainStore);
  const { registrationEmail } = useStore(userStore);
  // After "Change e-mail" the address from the code step is there to correct.
  const form = useForm({ email: registrationEmail ?? '' });
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  if (registrationEmail) {
    return (
      <CodeStep
        flow="register"
        email={registrationEmail}
        titleId="register.codeTitle"
        onResend={() => resendConfirmEmail({ email: registrationEmail, region })}
        onChangeEmail={() => userStore.set((state) => ({ ...state, registrationEmail: null }))}
        onConfirm={async (verifyCode) => {
          beginSession(await registerConfirm({ verifyCode, email: registrationEmail, region }));
          await navigate({ to: '/', replace: true });
        }}
      />
    );
  }

  // Whoever asks here has shown no password: a code would confirm the one someone else may have registered with.
  const onSubmit = () =>
    form.submit(emailBody, form.values, async ({ email }) => {
      await resendConfirmEmail({ email, region });
      setLinkSentTo(email);
    });

  return (
    <AuthForm titleId="confirm.title" introId="confirm.intro" onSubmit={() => void onSubmit()}>
      <FormFailure error={form.formError} />
      {linkSentTo ? <Alert tone="success">{intl.formatMessage({ id: 'confirm.linkSent' }, { email: linkSentTo })}</Alert> : null}
      <TextField
        label={intl.formatMessage({ id: 'field.email' })}
        type="email"
        autoComplete="email"
        {...boundField(form, errorText, 'email')}
      />
      <Button type="submit" width="full" disabled={form.submitting}>
        {intl.formatMessage({ id: 'confirm.sendLink' })}
      </Button>
    </AuthForm>
  );
}

/**
 * /auth-correction?email&token: the link in the registration mail. Opening it only checks it (mail
 * scanners open links too); the person sets the password and confirms with the button, so a password
 * chosen by whoever registered the address never survives.
 */
export function AuthCorrectionPage({ email, token }: { email?: string; token?: string }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const form = useForm({ password: '', repeatPassword: '' });
  const link = useLinkCheck(checkAuthCorrection, email && token ? { email, token } : null);
  const [done, setDone] = useState(false);

  if (email && token && link.state === 'valid' && !done) {
    const onSubmit = () =>
      form.submit(authCorrectionBody, { email, token, ...form.values }, async (body) => {
        await confirmAuthCorrection(body);
        setDone(true);
      });
    return (
      <AuthForm titleId="correction.title" onSubmit={() => void onSubmit()}>
        <p className={mutedText}>{intl.formatMessage({ id: 'correction.intro' }, { email })}</p>
        <FormFailure error={form.formError} />
        <NewPasswordFields values={form.values} errors={form.errors} field={form.field} />
        <Button type="submit" width="full" disabled={form.submitting}>
          {intl.formatMessage({ id: 'correction.submit' })}
        </Button>
      </AuthForm>
    );
  }

  return (
    <div className={stack}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'correction.title' })}</h1>
      {!email || !token ? (
        <Alert tone="error">{intl.formatMessage({ id: 'error.INVALID_LINK' })}</Alert>
      ) : link.state === 'checking' ? (
        <PagePending />
      ) : link.state === 'failed' ? (
        <Alert tone="error">{failureText(link.error)}</Alert>
      ) : (
        <Alert tone="success">{intl.formatMessage({ id: 'correction.done' }, { email })}</Alert>
      )}
      <Link to="/login" className={button({ width: 'full' })}>
        {intl.formatMessage({ id: 'reset.toLogin' })}
      </Link>
    </div>
  );
}
