import { WEBHOOK_EVENTS, type WebhookEventType } from '@contract/webhooks';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { CheckboxGroup } from '@/ui/checkbox-group';
import { TextField } from '@/ui/field';
import { useEventLabel } from './labels';

// The events live in the form's values as one comma-joined string (form values are text or flags, and drafts keep them).
const eventsText = (events: readonly WebhookEventType[]) => events.join(',');
export const eventsOf = (text: string) => (text ? text.split(',') : []) as WebhookEventType[];

/** An endpoint's form state (useForm): its address (adding only: an address is fixed once made), description and events. */
type EndpointStart = { url?: string; description: string; events: readonly WebhookEventType[] };
export const endpointValues = (start: EndpointStart) => ({
  url: start.url ?? '',
  description: start.description,
  events: eventsText(start.events),
});
export const useEndpointForm = (start: EndpointStart) => useForm(endpointValues(start));

export type EndpointForm = ReturnType<typeof useEndpointForm>;

/** What adding and editing an endpoint share: its description and the events it subscribes to (each with its name in the API under it). */
export function EndpointFields({ form }: { form: EndpointForm }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const label = useEventLabel();
  const { errors } = form;
  // A refused item of the list (`events.0`) marks the group.
  const eventsError = errors.events ?? Object.entries(errors).find(([key]) => key.startsWith('events.'))?.[1];
  const setEvents = (events: WebhookEventType[]) => {
    form.setValues((prev) => ({ ...prev, events: eventsText(events) }));
    form.setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([key]) => key !== 'events' && !key.startsWith('events.'))));
  };
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'webhooks.field.description' })}
        value={form.values.description}
        error={errorText(errors.description)}
        {...form.field('description')}
      />
      <CheckboxGroup
        legend={intl.formatMessage({ id: 'webhooks.field.events' })}
        name="events"
        options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: label(event), description: event }))}
        value={eventsOf(form.values.events)}
        onValueChange={setEvents}
        error={errorText(eventsError)}
      />
    </>
  );
}
