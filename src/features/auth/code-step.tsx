import type { CodeSent } from '@contract/schemas/auth';
import { verifyCode } from '@contract/schemas/fields';
import { css } from '@styled/css';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import type { MessageId } from '@/lib/message-id';
import { setResendAt, userStore } from '@/lib/session';
import { useCountdown } from '@/lib/use-countdown';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { FormFailure } from '@/ui/form-failure';
import { Alert } from '@/ui/layout';
import { AuthForm } from './form-parts';

const codeBody = v.object({ verifyCode });

/**
 * The 6-digit code step with a resend countdown driven by the server's answer (register and password reset), and a
 * way back to the step where the e-mail was typed (it is kept there).
 */
export function CodeStep(props: {
  flow: 'register' | 'reset';
  email: string;
  titleId: MessageId;
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<CodeSent>;
  onChangeEmail: () => void;
}) {
  const { flow, email, titleId, onConfirm, onResend, onChangeEmail } = props;
  const intl = useIntl();
  const errorText = useErrorText();
  const failureText = useFailureText();
  const form = useForm({ verifyCode: '' });
  const { resendAt } = useStore(userStore);
  const left = useCountdown(resendAt[flow]);
  const [resent, setResent] = useState<'sent' | unknown>(null);

  const resend = async () => {
    try {
      const answer = await onResend();
      setResendAt(flow, answer.resendAfterSeconds);
      setResent('sent');
    } catch (error) {
      if (error instanceof HttpError && error.retryAfterSeconds !== undefined) setResendAt(flow, error.retryAfterSeconds);
      setResent(error);
    }
  };

  return (
    <AuthForm titleId={titleId} onSubmit={() => void form.submit(codeBody, form.values, ({ verifyCode: code }) => onConfirm(code))}>
      <p>{intl.formatMessage({ id: 'code.sentTo' }, { email: <strong key="email">{email}</strong> })}</p>
      {/* Outlined like every secondary action (the recipe's): as a ghost it read as plain text (issue 35). */}
      <Button tone="secondary" onClick={onChangeEmail} data-testid="change-email" className={css({ alignSelf: 'flex-start' })}>
        {intl.formatMessage({ id: 'code.changeEmail' })}
      </Button>
      <FormFailure error={form.formError} />
      <TextField
        label={intl.formatMessage({ id: 'field.code' })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={form.values.verifyCode}
        error={errorText(form.errors.verifyCode)}
        {...form.field('verifyCode')}
      />
      <Button type="submit" width="full" disabled={form.submitting}>
        {intl.formatMessage({ id: 'code.submit' })}
      </Button>
      {resent === 'sent' ? (
        <Alert tone="success">{intl.formatMessage({ id: 'code.resent' })}</Alert>
      ) : resent ? (
        <Alert tone="error">{failureText(resent)}</Alert>
      ) : null}
      <Button tone="secondary" width="full" disabled={left > 0} onClick={() => void resend()} data-testid="resend">
        {left > 0 ? intl.formatMessage({ id: 'code.resendIn' }, { seconds: left }) : intl.formatMessage({ id: 'code.resend' })}
      </Button>
    </AuthForm>
  );
}
