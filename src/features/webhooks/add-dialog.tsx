import { addWebhookBody } from '@contract/schemas/webhooks';
import type { WebhookEventType, WebhookSecretAnswer } from '@contract/webhooks';
import { css } from '@styled/css';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { validate, type FieldErrors } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { EndpointFields } from './endpoint-fields';
import { useAddWebhook } from './queries';
import { SecretNotice } from './secret';

const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' });

/**
 * "Add endpoint": its address, a description and the events; then, in the same dialog, its secret, shown this once,
 * and the way to the endpoint's page. What was typed stays through a refusal.
 */
export function AddEndpointDialog({
  supplierId,
  open,
  onOpenChange,
}: {
  supplierId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const online = useOnline();
  const errorText = useErrorText();
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['certificate.redeemed']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<WebhookSecretAnswer | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    if (created) {
      setUrl('');
      setDescription('');
      setEvents(['certificate.redeemed']);
    }
    setCreated(null);
    setErrors({});
    add.reset();
  };

  const submit = async () => {
    const checked = await validate(addWebhookBody, { supplierId, url, description, events });
    if (!checked.success) return setErrors(checked.errors);
    setErrors({});
    try {
      setCreated(await add.mutateAsync(checked.output));
    } catch (error) {
      if (error instanceof HttpError) setErrors(error.fields);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={intl.formatMessage({ id: created ? 'webhooks.add.doneTitle' : 'webhooks.add.title' })}
      closeLabel={intl.formatMessage({ id: 'action.close' })}
    >
      {created ? (
        <div className={formStyle}>
          <SecretNotice secret={created.secret} />
          <div className={actions}>
            <Button tone="secondary" onClick={() => close(false)}>
              {intl.formatMessage({ id: 'action.close' })}
            </Button>
            <Button
              onClick={() => {
                const endpointId = created.endpoint.id;
                close(false);
                void navigate({ to: '/integrations/webhooks/$endpointId', params: { endpointId } });
              }}
              data-testid="webhook-open-created"
            >
              {intl.formatMessage({ id: 'webhooks.add.open' })}
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className={formStyle}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          data-testid="webhook-add-form"
        >
          <TextField
            label={intl.formatMessage({ id: 'webhooks.field.url' })}
            hint={intl.formatMessage({ id: 'webhooks.field.urlHint' })}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            error={errorText(errors.url)}
            onChange={(event) => {
              setUrl(event.target.value);
              setErrors((prev) => ({ ...prev, url: undefined }));
            }}
          />
          <EndpointFields
            description={description}
            onDescriptionChange={setDescription}
            events={events}
            onEventsChange={setEvents}
            errors={errors}
            error={add.error}
          />
          <div className={actions}>
            <Button tone="secondary" onClick={() => close(false)}>
              {intl.formatMessage({ id: 'webhooks.cancel' })}
            </Button>
            <Button type="submit" disabled={add.isPending || !online} data-testid="webhook-add-submit">
              {intl.formatMessage({ id: 'webhooks.add.submit' })}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
