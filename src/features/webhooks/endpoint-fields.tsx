import { WEBHOOK_EVENTS, type WebhookEventType } from '@contract/webhooks';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { CheckboxGroup } from '@/ui/checkbox-group';
import { TextField } from '@/ui/field';
import { FormFailure } from '@/ui/form-failure';
import { useEventLabel } from './labels';

/** A failure the form shows above its button: one the server did not pin to a field. */
const formFailure = (error: unknown) => (error instanceof HttpError && Object.keys(error.fields).length ? null : error);

/**
 * What adding and editing an endpoint share: its description, the events it subscribes to (each with its name in the
 * API under it), and the failure no field holds.
 */
export function EndpointFields(props: {
  description: string;
  onDescriptionChange: (value: string) => void;
  events: readonly WebhookEventType[];
  onEventsChange: (value: WebhookEventType[]) => void;
  errors: FieldErrors;
  error: unknown;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const label = useEventLabel();
  const { errors } = props;
  // A refused item of the list (`events.0`) marks the group.
  const eventsError = errors.events ?? Object.entries(errors).find(([key]) => key.startsWith('events.'))?.[1];
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'webhooks.field.description' })}
        name="description"
        value={props.description}
        error={errorText(errors.description)}
        onChange={(event) => props.onDescriptionChange(event.target.value)}
      />
      <CheckboxGroup
        legend={intl.formatMessage({ id: 'webhooks.field.events' })}
        name="events"
        options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: label(event), description: event }))}
        value={props.events}
        onValueChange={props.onEventsChange}
        error={errorText(eventsError)}
      />
      <FormFailure error={formFailure(props.error)} />
    </>
  );
}
