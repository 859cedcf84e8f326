import { WEBHOOK_EVENTS, type WebhookEventType } from '@contract/webhooks';
import { useIntl } from 'react-intl';
import { CheckboxGroup } from '@/ui/checkbox-group';
import { useEventLabel } from './labels';

/** The events an endpoint subscribes to, each with its name in the API under it. */
export function EventsField(props: {
  value: readonly WebhookEventType[];
  onValueChange: (value: WebhookEventType[]) => void;
  error: string | null;
}) {
  const intl = useIntl();
  const label = useEventLabel();
  return (
    <CheckboxGroup
      legend={intl.formatMessage({ id: 'webhooks.field.events' })}
      name="events"
      options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: label(event), description: event }))}
      value={props.value}
      onValueChange={props.onValueChange}
      error={props.error}
    />
  );
}
