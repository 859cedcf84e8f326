import type {
  addWebhookBody,
  editWebhookBody,
  webhookDeliveriesQuery,
  webhookEndpointBody,
  webhookEndpointQuery,
  webhookListQuery,
  webhookResendBody,
  webhookStatusBody,
} from '@contract/schemas/webhooks';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookDeliveryList,
  type WebhookEndpointView,
  type WebhookSecretAnswer,
} from '@contract/webhooks';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Executor } from '../../db/client';
import { suppliers, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { seal } from '../../lib/seal';
import { refusalOfUrl } from './address';
import { recordEventFor } from './events';
import { newSecret } from './signing';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  status: webhookEndpoints.status,
  disabledReason: webhookEndpoints.disabledReason,
  previousSecretUntil: webhookEndpoints.previousSecretUntil,
  createdAt: webhookEndpoints.createdAt,
};

const selectEndpoints = (db: Executor) => db.select(endpointColumns).from(webhookEndpoints);
type EndpointRow = Awaited<ReturnType<typeof selectEndpoints>>[number];

/** The endpoints' latest deliveries, one each (for the list's "last delivery" column). */
async function lastDeliveries(db: Executor, endpointIds: string[]) {
  if (!endpointIds.length) return new Map<string, WebhookEndpointView['lastDelivery']>();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      at: sql<Date>`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`.mapWith(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.seq));
  return new Map(rows.map((row) => [row.endpointId, { status: row.status, at: row.at.toISOString() }]));
}

const viewOf = (row: EndpointRow, last: WebhookEndpointView['lastDelivery'], at: Date): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  status: row.status,
  disabledReason: row.status === 'disabled' ? (row.disabledReason ?? 'admin') : null,
  previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > at ? row.previousSecretUntil.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
  lastDelivery: last,
});

/** Another company's endpoint, or none, is "not found" alike (tenant isolation). */
async function endpointOf(deps: Deps, supplierId: string, endpointId: string, db: Executor = deps.db): Promise<WebhookEndpointView> {
  const [row] = await selectEndpoints(db).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.supplierId, supplierId)));
  if (!row) return fail('ITEM_NOT_FOUND');
  return viewOf(row, (await lastDeliveries(db, [row.id])).get(row.id) ?? null, deps.now());
}

export async function listEndpoints(deps: Deps, auth: AuthContext, query: Out<typeof webhookListQuery>): Promise<WebhookEndpointView[]> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageIntegrations');
  const rows = await selectEndpoints(deps.db)
    .where(eq(webhookEndpoints.supplierId, query.supplierId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  const last = await lastDeliveries(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => viewOf(row, last.get(row.id) ?? null, deps.now()));
}

export async function endpointInfo(deps: Deps, auth: AuthContext, query: Out<typeof webhookEndpointQuery>): Promise<WebhookEndpointView> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageIntegrations');
  return endpointOf(deps, query.supplierId, query.endpointId);
}

/** The address's policy (decision 094): https and a public host, unless this server allows local endpoints. */
const checkUrl = (deps: Deps, url: string): void => {
  const refusal = refusalOfUrl(url, deps.config.WEBHOOKS_ALLOW_LOCAL);
  if (refusal) fail(refusal, { fields: { url: refusal } });
};

/**
 * Registers an endpoint, at most WEBHOOK_ENDPOINTS_MAX a company: counted under the company row's lock, so two
 * admins adding at once cannot pass the cap. The secret is in the answer once; only its sealed copy is kept.
 */
export async function addEndpoint(deps: Deps, auth: AuthContext, body: Out<typeof addWebhookBody>): Promise<WebhookSecretAnswer> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  checkUrl(deps, body.url);
  const secret = newSecret();
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, body.supplierId)).for('no key update');
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.supplierId, body.supplierId));
    if (total >= WEBHOOK_ENDPOINTS_MAX) fail('WEBHOOK_ENDPOINT_LIMIT');
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        supplierId: body.supplierId,
        url: body.url,
        description: body.description,
        events: body.events,
        secret: seal(deps.keys.seal, secret),
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: webhookEndpoints.id });
    await audit(
      tx,
      { action: 'webhook.added', userId: auth.userId, supplierId: body.supplierId, details: { url: body.url, events: body.events } },
      now,
    );
    return created!.id;
  });
  return { endpoint: await endpointOf(deps, body.supplierId, id), secret };
}

export async function editEndpoint(deps: Deps, auth: AuthContext, body: Out<typeof editWebhookBody>): Promise<WebhookEndpointView> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const [changed] = await deps.db
    .update(webhookEndpoints)
    .set({ description: body.description, events: body.events, updatedAt: deps.now() })
    .where(and(eq(webhookEndpoints.id, body.endpointId), eq(webhookEndpoints.supplierId, body.supplierId)))
    .returning({ id: webhookEndpoints.id });
  if (!changed) return fail('ITEM_NOT_FOUND');
  return endpointOf(deps, body.supplierId, body.endpointId);
}

/**
 * Enabling starts afresh: the run of failures is forgotten and what waited is due at once, in order. Disabling
 * keeps what waits (new events are not recorded for a disabled endpoint).
 */
export async function setEndpointStatus(deps: Deps, auth: AuthContext, body: Out<typeof webhookStatusBody>): Promise<WebhookEndpointView> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const enabled = body.status === 'enabled';
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        status: body.status,
        disabledReason: enabled ? null : 'admin',
        ...(enabled && { failures: 0, failingSince: null }),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, body.endpointId), eq(webhookEndpoints.supplierId, body.supplierId)))
      .returning({ id: webhookEndpoints.id });
    if (!changed) return fail('ITEM_NOT_FOUND');
    if (enabled)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now })
        .where(and(eq(webhookDeliveries.endpointId, body.endpointId), eq(webhookDeliveries.status, 'pending')));
    await audit(
      tx,
      { action: `webhook.${body.status}`, userId: auth.userId, supplierId: body.supplierId, details: { endpointId: body.endpointId } },
      now,
    );
  });
  return endpointOf(deps, body.supplierId, body.endpointId);
}

/** A new secret, shown once; the one before keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rotateSecret(deps: Deps, auth: AuthContext, body: Out<typeof webhookEndpointBody>): Promise<WebhookSecretAnswer> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const secret = newSecret();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretUntil: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000),
        secret: seal(deps.keys.seal, secret),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, body.endpointId), eq(webhookEndpoints.supplierId, body.supplierId)))
      .returning({ id: webhookEndpoints.id });
    if (!changed) return fail('ITEM_NOT_FOUND');
    await audit(
      tx,
      { action: 'webhook.secretRotated', userId: auth.userId, supplierId: body.supplierId, details: { endpointId: body.endpointId } },
      now,
    );
  });
  return { endpoint: await endpointOf(deps, body.supplierId, body.endpointId), secret };
}

export async function deleteEndpoint(deps: Deps, auth: AuthContext, body: Out<typeof webhookEndpointBody>): Promise<{ deleted: true }> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, body.endpointId), eq(webhookEndpoints.supplierId, body.supplierId)))
      .returning({ url: webhookEndpoints.url });
    if (!deleted) return fail('ITEM_NOT_FOUND');
    await audit(
      tx,
      {
        action: 'webhook.deleted',
        userId: auth.userId,
        supplierId: body.supplierId,
        details: { endpointId: body.endpointId, url: deleted.url },
      },
      now,
    );
  });
  return { deleted: true };
}

/** The endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(
  deps: Deps,
  auth: AuthContext,
  query: Out<typeof webhookDeliveriesQuery>,
): Promise<WebhookDeliveryList> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageIntegrations');
  await endpointOf(deps, query.supplierId, query.endpointId);
  const mine = eq(webhookDeliveries.endpointId, query.endpointId);
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(webhookDeliveries).where(mine);
  const rows = await deps.db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type, body: webhookEvents.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(mine)
    .orderBy(desc(webhookDeliveries.seq))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(({ delivery, type, body }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      type,
      status: delivery.status,
      attempts: delivery.attempts,
      responseStatus: delivery.responseStatus,
      durationMs: delivery.durationMs,
      error: delivery.lastError,
      createdAt: delivery.createdAt.toISOString(),
      lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      payload: body,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** A disabled endpoint is sent nothing: the admin enables it first. */
async function enabledEndpoint(deps: Deps, supplierId: string, endpointId: string, db: Executor) {
  const endpoint = await endpointOf(deps, supplierId, endpointId, db);
  if (endpoint.status !== 'enabled') fail('WEBHOOK_ENDPOINT_DISABLED');
  return endpoint;
}

/**
 * Sends a delivered or given-up event again: a new delivery of the same event (same `webhook-id`, so a receiver that
 * has it already can drop it), queued after the endpoint's others.
 */
export async function resendDelivery(deps: Deps, auth: AuthContext, body: Out<typeof webhookResendBody>): Promise<{ deliveryId: string }> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await enabledEndpoint(deps, body.supplierId, body.endpointId, tx);
    const [original] = await tx
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, body.deliveryId), eq(webhookDeliveries.endpointId, body.endpointId)));
    if (!original) return fail('ITEM_NOT_FOUND', { fields: { deliveryId: 'ITEM_NOT_FOUND' } });
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: body.endpointId, eventId: original.eventId, nextAttemptAt: now, createdAt: now })
      .returning({ id: webhookDeliveries.id });
    return { deliveryId: created!.id };
  });
}

/** A `webhook.test` event to this endpoint only, queued like any other. */
export async function sendTestEvent(deps: Deps, auth: AuthContext, body: Out<typeof webhookEndpointBody>): Promise<{ deliveryId: string }> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await enabledEndpoint(deps, body.supplierId, body.endpointId, tx);
    const deliveryId = await recordEventFor(
      tx,
      { id: body.endpointId, supplierId: body.supplierId },
      'webhook.test',
      { endpointId: body.endpointId },
      now,
    );
    return { deliveryId };
  });
}
