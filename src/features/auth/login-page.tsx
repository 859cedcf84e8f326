import { LOGIN_FORM_PATH, safeRedirect, STAFF_HOME } from '@contract/sign-in';
import { css } from '@styled/css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { beginSession, userStore } from '@/lib/session';
import { Button } from '@/ui/button';
import { CheckboxField, TextField } from '@/ui/field';
import { FormFailure } from '@/ui/form-failure';
import { login } from './api';
import { AuthForm, refusalError, type FormRefusal } from './form-parts';

// The schema (and valibot with it) loads when the user starts typing, not with the page: /login stays light.
const loadSchema = () => import('@contract/schemas/auth').then((module) => module.loginBody);

const links = css({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: '3',
  '& a': { minHeight: 'touch', display: 'inline-flex', alignItems: 'center' },
});

/**
 * /login: e-mail, password, remember me; links to reset and register (SPEC §2). Without JavaScript the form posts
 * itself to the server (decision 100); once the app runs, its own submit signs in.
 */
export function LoginPage({ redirectTo, refusal }: { redirectTo?: string; refusal: FormRefusal }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const form = useForm({ email: refusal.email ?? '', password: '', remember: false }, refusalError(refusal));
  const { values, errors, field } = form;

  const onSubmit = () =>
    form.submit(loadSchema, { email: values.email, password: values.password }, async (body) => {
      const pair = await login(body);
      beginSession(pair, values.remember);
      await navigate({ href: safeRedirect(redirectTo), replace: true });
      // Marketplace staff land in the admin area (the guard has loaded the account on the way in): the rule of
      // signInLanding, which the form post follows, taken in two steps since the account is known only now.
      if (!redirectTo && userStore.get().user?.isStaff) await navigate({ href: STAFF_HOME, replace: true });
    });

  const notConfirmed = form.formError instanceof HttpError && form.formError.code === 'EMAIL_NOT_CONFIRMED';

  return (
    <AuthForm titleId="login.title" action={LOGIN_FORM_PATH} onSubmit={() => void onSubmit()} onFocus={() => void loadSchema()}>
      <FormFailure error={form.formError} />
      {notConfirmed ? (
        <Link
          to="/confirm-email"
          onClick={() => userStore.set((state) => ({ ...state, registrationEmail: values.email.trim().toLowerCase() }))}
        >
          {intl.formatMessage({ id: 'login.confirmEmailLink' })}
        </Link>
      ) : null}
      <TextField
        label={intl.formatMessage({ id: 'field.email' })}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={errorText(errors.email)}
        {...field('email')}
      />
      <TextField
        label={intl.formatMessage({ id: 'field.password' })}
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errorText(errors.password)}
        {...field('password')}
      />
      <CheckboxField label={intl.formatMessage({ id: 'login.remember' })} checked={values.remember} {...field('remember')} />
      <Button type="submit" width="full" disabled={form.submitting}>
        {intl.formatMessage({ id: 'login.submit' })}
      </Button>
      <div className={links}>
        <Link to="/password-reset-email">{intl.formatMessage({ id: 'login.forgot' })}</Link>
        <Link to="/register">{intl.formatMessage({ id: 'login.register' })}</Link>
      </div>
    </AuthForm>
  );
}
