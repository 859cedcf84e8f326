import * as v from 'valibot';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from '../webhooks';
import { optionalText } from './catalogue';
import { itemId, oneOf } from './fields';
import { pageNumber, supplierId } from './redemption';

/**
 * What the webhook screens send (decision 094), checked alike by the form and the server. The form checks the
 * address's shape; whether it may be plain http or name a private host is the server's policy (its configuration
 * allows both in development), answered at the same field.
 */

export const endpointId = itemId;
export const deliveryId = itemId;

/** An absolute http(s) address without a user name or password (those would be stored and shown as text). */
export const webhookUrl = v.pipe(
  v.string((issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'REQUIRED' : 'WRONG_TYPE')),
  v.trim(),
  v.nonEmpty('REQUIRED'),
  v.maxLength(WEBHOOK_URL_MAX, 'TOO_LONG'),
  v.check((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== '';
  }, 'WEBHOOK_URL_INVALID'),
);

/** At least one event; each once, in the catalogue's order. */
export const webhookEvents = v.pipe(
  v.array(oneOf(WEBHOOK_EVENTS), 'WEBHOOK_EVENTS_REQUIRED'),
  v.maxLength(WEBHOOK_EVENTS.length * 2, 'TOO_MANY'),
  v.transform((list) => WEBHOOK_EVENTS.filter((event) => list.includes(event))),
  v.minLength(1, 'WEBHOOK_EVENTS_REQUIRED'),
);

export const webhookDescription = optionalText(WEBHOOK_DESCRIPTION_MAX);

export const webhookListQuery = v.object({ supplierId });
export const webhookEndpointQuery = v.object({ supplierId, endpointId });
export const webhookDeliveriesQuery = v.object({
  supplierId,
  endpointId,
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(WEBHOOK_DELIVERY_PAGE_SIZE, 100),
});
export const addWebhookBody = v.object({ supplierId, url: webhookUrl, description: webhookDescription, events: webhookEvents });
export const editWebhookBody = v.object({ supplierId, endpointId, description: webhookDescription, events: webhookEvents });
export const webhookStatusBody = v.object({ supplierId, endpointId, status: oneOf(WEBHOOK_ENDPOINT_STATUSES) });
export const webhookEndpointBody = v.object({ supplierId, endpointId });
export const webhookResendBody = v.object({ supplierId, endpointId, deliveryId });

export type AddWebhookBody = v.InferInput<typeof addWebhookBody>;
export type EditWebhookBody = v.InferInput<typeof editWebhookBody>;
