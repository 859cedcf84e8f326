import { newPasswordBody } from '@contract/schemas/auth';
import { RESET_FORM_PATH } from '@contract/sign-in';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { boundField } from '@/lib/bound-field';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { mainStore } from '@/lib/main-store';
import { changePassword } from '@/lib/queries';
import { beginSession, hasSession, setResendAt, tokenStore, userStore } from '@/lib/session';
import { useStore } from '@/lib/use-store';
import { button, Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { FormFailure } from '@/ui/form-failure';
import { Alert, pageTitle, stack } from '@/ui/layout';
import { NewPasswordFields } from '@/ui/new-password-fields';
import { resetPassword, resetPasswordConfirm } from './api';
import { CodeStep } from './code-step';
import { AuthForm, refusalError, touchLink, type FormRefusal } from './form-parts';
import { emailBody } from './schemas';

/**
 * /password-reset-email: the address the reset code goes to. Without JavaScript the form posts itself to the server
 * (decision 105), which lands on the code page or comes back here with the refusal; once the app runs, its own submit.
 */
export function PasswordResetEmailPage({ refusal }: { refusal: FormRefusal }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { region } = useStore(mainStore);
  const form = useForm({ email: refusal.email ?? '' }, refusalError(refusal));
  const { setValues } = form;
  // The address the code step left ("Change e-mail"), put in once the app has the page: a prerendered page (decision
  // 099) is hydrated as it was rendered, with no stored address, and this sets it before the browser paints.
  useLayoutEffect(() => {
    const kept = userStore.get().passwordResetEmail;
    if (kept) setValues((values) => (values.email ? values : { ...values, email: kept }));
  }, [setValues]);

  const onSubmit = () =>
    form.submit(emailBody, form.values, async ({ email }) => {
      const answer = await resetPassword({ email, region });
      userStore.set((state) => ({ ...state, passwordResetEmail: email }));
      setResendAt('reset', answer.resendAfterSeconds);
      await navigate({ to: '/password-reset-code' });
    });

  return (
    <AuthForm titleId="reset.emailTitle" introId="reset.emailIntro" action={RESET_FORM_PATH} onSubmit={() => void onSubmit()}>
      <FormFailure error={form.formError} />
      <input type="hidden" name="region" value={region} />
      <TextField
        label={intl.formatMessage({ id: 'field.email' })}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...boundField(form, errorText, 'email')}
      />
      <Button type="submit" width="full" disabled={form.submitting}>
        {intl.formatMessage({ id: 'reset.sendCode' })}
      </Button>
      <Link to="/login">{intl.formatMessage({ id: 'register.toLogin' })}</Link>
    </AuthForm>
  );
}

/** /password-reset-code: the 6-digit code; a right code signs the user in (SPEC §4). */
export function PasswordResetCodePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { region } = useStore(mainStore);
  const { passwordResetEmail: email } = useStore(userStore);
  if (!email) {
    return (
      <div className={stack}>
        <Alert tone="info">{intl.formatMessage({ id: 'reset.noEmail' })}</Alert>
        <Link to="/password-reset-email" className={touchLink}>
          {intl.formatMessage({ id: 'reset.emailTitle' })}
        </Link>
      </div>
    );
  }
  return (
    <CodeStep
      flow="reset"
      email={email}
      titleId="reset.codeTitle"
      onResend={() => resetPassword({ email, region })}
      // The e-mail step starts with the address kept in the store.
      onChangeEmail={() => void navigate({ to: '/password-reset-email' })}
      onConfirm={async (verifyCode) => {
        beginSession(await resetPasswordConfirm({ email, verifyCode, region }));
        await navigate({ to: '/password-reset' });
      }}
    />
  );
}

/** /password-reset: the new password twice; then a screen that says the person is signed in, with the way in. */
export function PasswordResetPage() {
  const intl = useIntl();
  useStore(tokenStore);
  const [done, setDone] = useState(false);
  const [windowClosed, setWindowClosed] = useState(false);
  const form = useForm({ password: '', repeatPassword: '' });

  if (done) {
    return (
      <div className={stack}>
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'reset.doneTitle' })}</h1>
        <Alert tone="success">{intl.formatMessage({ id: 'reset.doneText' })}</Alert>
        {/* The code signed the person in (SPEC §4): the sign-in page would only send them on to the portal. */}
        <Link to="/" className={button({ width: 'full' })} data-testid="reset-to-portal">
          {intl.formatMessage({ id: 'reset.toPortal' })}
        </Link>
      </div>
    );
  }
  if (!hasSession()) {
    return (
      <div className={stack}>
        <Alert tone="info">{intl.formatMessage({ id: 'reset.noSession' })}</Alert>
        <Link to="/password-reset-email" className={touchLink}>
          {intl.formatMessage({ id: 'reset.emailTitle' })}
        </Link>
      </div>
    );
  }

  const onSubmit = () =>
    form.submit(newPasswordBody, form.values, async (body) => {
      try {
        await changePassword(body);
      } catch (error) {
        // The code allows one change within minutes; after that only a new code (or the current password) does.
        if (error instanceof HttpError && error.code === 'CURRENT_PASSWORD_REQUIRED') return setWindowClosed(true);
        throw error;
      }
      userStore.set((state) => ({ ...state, passwordResetEmail: null }));
      setDone(true);
    });

  return (
    <AuthForm titleId="reset.newTitle" onSubmit={() => void onSubmit()}>
      <FormFailure error={form.formError} />
      {windowClosed ? (
        <Alert tone="error">
          {intl.formatMessage({ id: 'reset.noSession' })}{' '}
          <Link to="/password-reset-email">{intl.formatMessage({ id: 'reset.emailTitle' })}</Link>
        </Alert>
      ) : null}
      <NewPasswordFields values={form.values} errors={form.errors} field={form.field} />
      <Button type="submit" width="full" disabled={form.submitting}>
        {intl.formatMessage({ id: 'reset.save' })}
      </Button>
    </AuthForm>
  );
}
