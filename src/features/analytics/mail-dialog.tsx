import type { ErrorCode } from '@contract/errors';
import { email as emailRule } from '@contract/schemas/fields';
import { css } from '@styled/css';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { userStore } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { Alert } from '@/ui/layout';
import { useMailReport, type ReportQuery } from './queries';

/**
 * "Send by e-mail": the report with the page's filters, as an XLSX file, to the
 * signed-in person's address or another they type. A refusal keeps the address.
 */
export function MailDialog({ which, open, onOpenChange }: { which: ReportQuery; open: boolean; onOpenChange: (open: boolean) => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const failureText = useFailureText();
  const own = useStore(userStore).user?.email ?? '';
  const [address, setAddress] = useState(own);
  const [checked, setChecked] = useState<ErrorCode | null>(null);
  const mail = useMailReport();
  const serverFields = mail.error instanceof HttpError ? mail.error.fields : {};
  const fieldError = errorText(checked ?? serverFields.email);
  const failure = mail.error && !serverFields.email ? mail.error : null;

  const send = () => {
    const parsed = v.safeParse(emailRule, address);
    if (!parsed.success) {
      setChecked(parsed.issues[0].message as ErrorCode);
      return;
    }
    setChecked(null);
    mail.mutate(
      { which, email: parsed.output },
      {
        onSuccess: ({ to, rows }) => {
          showToast({ tone: 'success', messageId: 'analytics.mail.sent', values: { to, rows }, lifeMs: 8000 });
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'analytics.mail.title' })}
      closeLabel={intl.formatMessage({ id: 'action.close' })}
    >
      <Form onSubmit={send} data-testid="mail-form">
        <p>{intl.formatMessage({ id: 'analytics.mail.text' })}</p>
        {failure ? <Alert tone="error">{failureText(failure)}</Alert> : null}
        <TextField
          label={intl.formatMessage({ id: 'analytics.mail.email' })}
          name="email"
          type="email"
          autoComplete="email"
          value={address}
          error={fieldError}
          onChange={(event) => {
            setAddress(event.target.value);
            setChecked(null);
          }}
        />
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
          <Button tone="secondary" onClick={() => onOpenChange(false)}>
            {intl.formatMessage({ id: 'analytics.mail.cancel' })}
          </Button>
          <Button type="submit" disabled={mail.isPending} data-testid="mail-send">
            {intl.formatMessage({ id: mail.isPending ? 'analytics.mail.sending' : 'analytics.mail.send' })}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
