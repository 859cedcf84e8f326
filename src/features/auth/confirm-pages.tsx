import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from '@/lib/form';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { mainStore } from '@/lib/main-store';
import { beginSession, setResendAt, userStore } from '@/lib/session';
import { useStore } from '@/lib/use-store';
import { button, Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Alert, pageTitle, Spinner, stack } from '@/ui/layout';
import { authCorrection, registerConfirm, resendConfirmEmail } from './api';
import { emailBody } from './schemas';
import { CodeStep } from './code-step';
import { FormFailure } from '@/ui/form-failure';
import { AuthForm } from './form-parts';

/** /confirm-email: the registration code for the stored address, or ask for a code first. */
export function ConfirmEmailPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { region } = useStore(mainStore);
  const { registrationEmail } = useStore(userStore);
  const form = useForm({ email: '' });

  if (registrationEmail) {
    return (
      <CodeStep
        flow="register"
        email={registrationEmail}
        titleId="register.codeTitle"
        onResend={() => resendConfirmEmail({ email: registrationEmail, region })}
        onConfirm={async (verifyCode) => {
          beginSession(await registerConfirm({ verifyCode, email: registrationEmail, region }));
          await navigate({ to: '/', replace: true });
        }}
      />
    );
  }

  const onSubmit = () =>
    form.submit(emailBody, form.values, async ({ email }) => {
      const answer = await resendConfirmEmail({ email, region });
      setResendAt('register', answer.resendAfterSeconds);
      userStore.set((state) => ({ ...state, registrationEmail: email }));
    });

  return (
    <AuthForm titleId="confirm.title" introId="confirm.intro" onSubmit={() => void onSubmit()}>
      <FormFailure error={form.formError} />
      <TextField label={intl.formatMessage({ id: 'field.email' })} type="email" autoComplete="email" value={form.values.email} error={errorText(form.errors.email)} {...form.field('email')} />
      <Button type="submit" width="full" disabled={form.submitting}>
        {intl.formatMessage({ id: 'reset.sendCode' })}
      </Button>
    </AuthForm>
  );
}

/** /auth-correction?email&token: the link in the registration mail confirms the address. */
export function AuthCorrectionPage({ email, token }: { email?: string; token?: string }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const [result, setResult] = useState<{ state: 'pending' } | { state: 'done' } | { state: 'failed'; error: unknown }>({ state: 'pending' });
  useEffect(() => {
    if (!email || !token) return;
    let live = true;
    authCorrection({ email, token }).then(
      () => live && setResult({ state: 'done' }),
      (error: unknown) => live && setResult({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [email, token]);

  return (
    <div className={stack}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'correction.title' })}</h1>
      {!email || !token ? (
        <Alert tone="error">{intl.formatMessage({ id: 'error.INVALID_LINK' })}</Alert>
      ) : result.state === 'pending' ? (
        <Spinner label={intl.formatMessage({ id: 'state.loading' })} />
      ) : result.state === 'failed' ? (
        <Alert tone="error">{failureText(result.error)}</Alert>
      ) : (
        <Alert tone="success">{intl.formatMessage({ id: 'correction.done' }, { email })}</Alert>
      )}
      <Link to="/login" className={button({ width: 'full' })}>
        {intl.formatMessage({ id: 'reset.toLogin' })}
      </Link>
    </div>
  );
}
