import { addWebhookBody } from '@contract/schemas/webhooks';
import type { WebhookSecretAnswer } from '@contract/webhooks';
import { css } from '@styled/css';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { EndpointFields, endpointValues, eventsOf, useEndpointForm } from './endpoint-fields';
import { useAddWebhook } from './queries';
import { SecretNotice } from './secret';

const formStyle = css({ display: 'flex', flexDirection: 'column', gap: '4' });
/** A new endpoint listens for redemptions until told otherwise. */
const FRESH = { description: '', events: ['certificate.redeemed'] } as const;
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
  const form = useEndpointForm(FRESH);
  const [created, setCreated] = useState<WebhookSecretAnswer | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    // Once made, the next "Add endpoint" starts empty; a form closed unsent keeps what was typed.
    if (created) form.setValues(endpointValues(FRESH));
    setCreated(null);
    form.setErrors({});
    form.setFormError(null);
  };

  const onSubmit = () =>
    form.submit(
      addWebhookBody,
      { supplierId, url: form.values.url, description: form.values.description, events: eventsOf(form.values.events) },
      async (body) => setCreated(await add.mutateAsync(body)),
    );

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
        <Form onSubmit={onSubmit} failure={form.formError} data-testid="webhook-add-form">
          <TextField
            label={intl.formatMessage({ id: 'webhooks.field.url' })}
            hint={intl.formatMessage({ id: 'webhooks.field.urlHint' })}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={form.values.url}
            error={errorText(form.errors.url)}
            {...form.field('url')}
          />
          <EndpointFields form={form} />
          <div className={actions}>
            <Button tone="secondary" onClick={() => close(false)}>
              {intl.formatMessage({ id: 'webhooks.cancel' })}
            </Button>
            <Button type="submit" disabled={form.submitting || !online} data-testid="webhook-add-submit">
              {intl.formatMessage({ id: 'webhooks.add.submit' })}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
