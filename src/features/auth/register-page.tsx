import { REGION_LOCALE } from '@contract/enums';
import { registerBody } from '@contract/schemas/auth';
import { css } from '@styled/css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { offerLink } from '@/lib/documents';
import { useForm } from '@/lib/form';
import { useErrorText, useLocale } from '@/lib/i18n';
import { languageOf } from '@/lib/locale';
import { mainStore } from '@/lib/main-store';
import type { MessageId } from '@/lib/message-id';
import { beginSession, setResendAt, userStore } from '@/lib/session';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { CheckboxField, TextField } from '@/ui/field';
import { FormFailure } from '@/ui/form-failure';
import { register, registerConfirm, resendConfirmEmail } from './api';
import { CodeStep } from './code-step';
import { AuthForm } from './form-parts';

/** SPEC §5: registration requires agreeing to the partner offer. */
const registerForm = v.object({
  ...registerBody.entries,
  offer: v.literal(true, 'OFFER_NOT_ACCEPTED'),
});

/** /register: the form, then the confirmation code step (SPEC §2). */
export function RegisterPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { region } = useStore(mainStore);
  const language = languageOf(useLocale());
  const [step, setStep] = useState<'form' | 'code'>('form');
  const form = useForm({ secondName: '', firstName: '', email: '', phone: '', password: '', offer: false });
  const { values, errors, field } = form;
  const offer = offerLink(region, language);
  const email = values.email.trim().toLowerCase();

  const onSubmit = () =>
    // SPEC §7: the language sent is looked up from the region.
    form.submit(registerForm, { ...values, region, language: REGION_LOCALE[region] }, async ({ offer: _offer, ...body }) => {
      const answer = await register(body);
      userStore.set((state) => ({ ...state, registrationEmail: body.email }));
      setResendAt('register', answer.resendAfterSeconds);
      setStep('code');
    });

  if (step === 'code') {
    return (
      <CodeStep
        flow="register"
        email={email}
        titleId="register.codeTitle"
        onResend={() => resendConfirmEmail({ email, region })}
        onChangeEmail={() => setStep('form')}
        onConfirm={async (verifyCode) => {
          beginSession(await registerConfirm({ verifyCode, email, region }));
          await navigate({ to: '/', replace: true });
        }}
      />
    );
  }

  const text = (name: keyof typeof values, id: MessageId, extra: Record<string, unknown> = {}) => (
    <TextField
      label={intl.formatMessage({ id })}
      value={String(values[name])}
      error={errorText(errors[name])}
      {...extra}
      {...field(name)}
    />
  );

  return (
    <AuthForm titleId="register.title" onSubmit={() => void onSubmit()}>
      <FormFailure error={form.formError} />
      {text('secondName', 'field.lastName', { autoComplete: 'family-name' })}
      {text('firstName', 'field.firstName', { autoComplete: 'given-name' })}
      {text('email', 'field.email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {text('phone', 'field.phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {text('password', 'field.password', {
        type: 'password',
        autoComplete: 'new-password',
        hint: intl.formatMessage({ id: 'field.passwordHint' }),
      })}
      <CheckboxField
        label={intl.formatMessage(
          { id: 'register.offer' },
          {
            link: (chunks) => (
              <a key="offer" href={offer.href} target="_blank" rel="noopener">
                {chunks}
              </a>
            ),
          },
        )}
        checked={values.offer}
        error={errorText(errors.offer)}
        {...field('offer')}
      />
      <Button type="submit" width="full" disabled={form.submitting}>
        {intl.formatMessage({ id: 'register.submit' })}
      </Button>
      <p className={css({ textAlign: 'center' })}>
        {intl.formatMessage({ id: 'register.haveAccount' })} <Link to="/login">{intl.formatMessage({ id: 'register.toLogin' })}</Link>
      </p>
    </AuthForm>
  );
}
