import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Alert } from '@/ui/layout';

/** A signing secret, shown once (after adding an endpoint or rotating its secret), read-only, with a copy button. */
export function SecretNotice({ secret, rotated }: { secret: string; rotated?: boolean }) {
  const intl = useIntl();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      showToast({ tone: 'success', messageId: 'webhooks.secret.copied', lifeMs: 4000 });
    } catch {
      showToast({ tone: 'error', messageId: 'webhooks.secret.copyFailed', lifeMs: 8000 });
    }
  };
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="webhook-secret">
      <Alert tone="info">{intl.formatMessage({ id: rotated ? 'webhooks.secret.rotatedOnce' : 'webhooks.secret.once' })}</Alert>
      <TextField
        label={intl.formatMessage({ id: 'webhooks.secret.label' })}
        value={secret}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.target.select()}
        className={css({ fontFamily: 'mono' })}
        data-testid="webhook-secret-value"
      />
      <div>
        <Button tone="secondary" onClick={() => void copy()} data-testid="webhook-secret-copy">
          {intl.formatMessage({ id: 'webhooks.secret.copy' })}
        </Button>
      </div>
    </div>
  );
}
