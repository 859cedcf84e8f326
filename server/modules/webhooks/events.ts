import { randomUUID } from 'node:crypto';
import type { WebhookBody, WebhookDeliveryEventType, WebhookEventData, WebhookEventType } from '@contract/webhooks';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';

/** The exact text that is sent and signed; stored so that every try and every "send again" sends the same bytes. */
export function eventBody<T extends WebhookDeliveryEventType>(
  id: string,
  supplierId: string,
  type: T,
  data: WebhookEventData[T],
  at: Date,
): string {
  return JSON.stringify({ id, type, timestamp: at.toISOString(), supplierId, data } satisfies WebhookBody<T>);
}

/**
 * Records an event of the company in the caller's transaction (the transactional outbox, decision 094): a delivery
 * for each of its enabled endpoints that subscribes to the type, so the event exists exactly when the change it
 * reports commits. One statement; a company with no such endpoint writes nothing.
 */
export async function recordEvent<T extends WebhookEventType>(
  tx: Executor,
  supplierId: string,
  type: T,
  data: WebhookEventData[T],
  at: Date,
): Promise<void> {
  const id = randomUUID();
  const body = eventBody(id, supplierId, type, data, at);
  const stamp = at.toISOString();
  await tx.execute(sql`
    with subscribed as (
      select ${webhookEndpoints.id} as endpoint_id from ${webhookEndpoints}
      where ${webhookEndpoints.supplierId} = ${supplierId}::uuid and ${webhookEndpoints.status} = 'enabled'
        and ${type}::text = any(${webhookEndpoints.events})
    ), event as (
      insert into ${webhookEvents} (id, supplier_id, type, body, created_at)
      select ${id}::uuid, ${supplierId}::uuid, ${type}::text, ${body}::text, ${stamp}::timestamptz where exists (select 1 from subscribed)
      returning id
    )
    insert into ${webhookDeliveries} (endpoint_id, event_id, next_attempt_at, created_at)
    select subscribed.endpoint_id, event.id, ${stamp}::timestamptz, ${stamp}::timestamptz from subscribed cross join event`);
}

/** An event for one endpoint only, whatever it subscribes to (the test event), due at once. */
export async function recordEventFor(
  tx: Executor,
  endpoint: { id: string; supplierId: string },
  type: WebhookDeliveryEventType,
  data: WebhookEventData[WebhookDeliveryEventType],
  at: Date,
): Promise<string> {
  const id = randomUUID();
  await tx
    .insert(webhookEvents)
    .values({ id, supplierId: endpoint.supplierId, type, body: eventBody(id, endpoint.supplierId, type, data, at), createdAt: at });
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint.id, eventId: id, nextAttemptAt: at, createdAt: at })
    .returning({ id: webhookDeliveries.id });
  return delivery!.id;
}
