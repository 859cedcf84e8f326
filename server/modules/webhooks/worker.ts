import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { Deps } from '../../deps';
import { pollingWorker, type PollingWorker } from '../../lib/polling';
import { unseal } from '../../lib/seal';
import { postJson } from './send';
import { signedHeaders } from './signing';

export interface WebhookWorkerOptions {
  /** The worker's clock: tests pass their own and drive passes by hand. */
  now?: () => Date;
  pollMs: number;
  /** The whole exchange with a receiver must end within this. */
  timeoutMs?: number;
  /** The first retry waits this long, each next one twice as long, never more than `maxBackoffMs`. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** A delivery is given up ('failed') after this many tries. */
  maxAttempts?: number;
  /** An endpoint is disabled once this many tries in a row failed over at least `disableAfterMs`. */
  disableAfterFailures?: number;
  disableAfterMs?: number;
  /**
   * Tells the company that an endpoint was disabled, in the transaction that disables it (the server wires the mail to
   * its admins: server/start.ts).
   */
  notifyDisabled(tx: Tx, endpoint: DisabledEndpoint, at: Date): Promise<void>;
  /** How many endpoints one claim serves at once. */
  batchSize?: number;
  /** A claimed delivery is due again after this long, should the process die while sending it. */
  leaseMs?: number;
}

export interface DisabledEndpoint {
  id: string;
  url: string;
  supplierId: string;
}

export const WEBHOOK_DEFAULTS = {
  timeoutMs: 10_000,
  backoffBaseMs: 30_000,
  maxBackoffMs: 4 * 3_600_000,
  // 30 s doubling to 4 h: the 15th try comes about a day after the first.
  maxAttempts: 15,
  disableAfterFailures: 15,
  disableAfterMs: 24 * 3_600_000,
  batchSize: 10,
  leaseMs: 2 * 60_000,
};

export interface WebhookPassResult {
  delivered: number;
  retried: number;
  failed: number;
  disabled: number;
}

/** `processDue` sends everything that is due now, each endpoint's deliveries in order, until nothing is. */
export type WebhookWorker = PollingWorker<WebhookPassResult>;

/** Wait before the next try after `attempts` failed ones: base·2^(attempts−1), capped. */
export const webhookBackoffMs = (attempts: number, baseMs: number, maxMs: number): number =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);

/**
 * The webhook outbox's worker (decision 094), beside the mail's: several processes may run one each on one
 * database. A claim takes only the first pending delivery of each enabled endpoint (none before it in `seq` is
 * pending), locks it with SKIP LOCKED and moves its next try past a lease, so no two workers send one delivery and
 * no endpoint receives an event before the ones recorded before it were delivered or given up.
 */
export function createWebhookWorker(deps: Pick<Deps, 'db' | 'log' | 'config' | 'keys'>, options: WebhookWorkerOptions): WebhookWorker {
  const { db, log } = deps;
  const settings = {
    ...WEBHOOK_DEFAULTS,
    ...(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<typeof WEBHOOK_DEFAULTS>),
  };
  const now = options.now ?? (() => new Date());

  const claim = async (at: Date) => {
    const earlier = db
      .select({ one: sql`1` })
      .from(sql`${webhookDeliveries} as earlier`)
      .where(
        sql`earlier.endpoint_id = ${webhookDeliveries.endpointId} and earlier.status = 'pending' and earlier.seq < ${webhookDeliveries.seq}`,
      );
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, at),
          eq(webhookEndpoints.status, 'enabled'),
          sql`not exists ${earlier}`,
        ),
      )
      .orderBy(asc(webhookDeliveries.seq))
      .limit(settings.batchSize)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    const claimed = await db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + settings.leaseMs) })
      .where(and(inArray(webhookDeliveries.id, due), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
    if (!claimed.length) return [];
    const rows = await db
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookEndpoints.id,
        supplierId: webhookEndpoints.supplierId,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        previousSecretUntil: webhookEndpoints.previousSecretUntil,
        eventId: webhookEvents.id,
        body: webhookEvents.body,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(
        inArray(
          webhookDeliveries.id,
          claimed.map((row) => row.id),
        ),
      );
    const attempts = new Map(claimed.map((row) => [row.id, row.attempts]));
    return rows.map((row) => ({ ...row, attempts: attempts.get(row.id)! }));
  };

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /** The secrets that sign now: the current one, and the one before a rotation while its overlap lasts. */
  const secretsOf = (delivery: Claimed, at: Date): string[] => {
    const seal = deps.keys.seal;
    const previous =
      delivery.previousSecret && delivery.previousSecretUntil && delivery.previousSecretUntil > at
        ? [unseal<string>(seal, delivery.previousSecret)]
        : [];
    return [unseal<string>(seal, delivery.secret), ...previous];
  };

  const deliver = async (delivery: Claimed, result: WebhookPassResult): Promise<void> => {
    const at = now();
    const headers = signedHeaders(secretsOf(delivery, at), delivery.eventId, at, delivery.body);
    const sent = await postJson(delivery.url, headers, delivery.body, {
      timeoutMs: settings.timeoutMs,
      allowLocal: deps.config.WEBHOOKS_ALLOW_LOCAL,
    });
    const ok = sent.status !== null && sent.status >= 200 && sent.status < 300;
    const after = now();
    const outcome = { lastAttemptAt: at, responseStatus: sent.status, durationMs: sent.durationMs, lastError: sent.error };
    await db.transaction(async (tx) => {
      if (ok) {
        await tx
          .update(webhookDeliveries)
          .set({ ...outcome, status: 'delivered', deliveredAt: after })
          .where(eq(webhookDeliveries.id, delivery.id));
        await tx.update(webhookEndpoints).set({ failures: 0, failingSince: null }).where(eq(webhookEndpoints.id, delivery.endpointId));
        result.delivered += 1;
        return;
      }
      const givenUp = delivery.attempts >= settings.maxAttempts;
      await tx
        .update(webhookDeliveries)
        .set({
          ...outcome,
          ...(givenUp
            ? { status: 'failed' as const }
            : {
                nextAttemptAt: new Date(
                  after.getTime() + webhookBackoffMs(delivery.attempts, settings.backoffBaseMs, settings.maxBackoffMs),
                ),
              }),
        })
        .where(eq(webhookDeliveries.id, delivery.id));
      result[givenUp ? 'failed' : 'retried'] += 1;
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({
          failures: sql`${webhookEndpoints.failures} + 1`,
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, delivery.endpointId))
        .returning({ failures: webhookEndpoints.failures, failingSince: webhookEndpoints.failingSince });
      const longEnough = endpoint?.failingSince && after.getTime() - endpoint.failingSince.getTime() >= settings.disableAfterMs;
      if (!endpoint || endpoint.failures < settings.disableAfterFailures || !longEnough) return;
      const [disabled] = await tx
        .update(webhookEndpoints)
        .set({ status: 'disabled', disabledReason: 'failures', updatedAt: after })
        .where(and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.status, 'enabled')))
        .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, supplierId: webhookEndpoints.supplierId });
      if (!disabled) return;
      result.disabled += 1;
      log.warn('webhook endpoint disabled after repeated failures', { endpointId: disabled.id, failures: endpoint.failures });
      await options.notifyDisabled(tx, disabled, after);
    });
  };

  const pass = async (goOn: () => boolean): Promise<WebhookPassResult> => {
    const result: WebhookPassResult = { delivered: 0, retried: 0, failed: 0, disabled: 0 };
    for (;;) {
      const batch = await claim(now());
      // One delivery per endpoint in a batch: a slow receiver holds up only its own.
      await Promise.all(batch.map((delivery) => deliver(delivery, result)));
      if (!batch.length || !goOn()) return result;
    }
  };

  return pollingWorker(pass, options.pollMs, (error) =>
    log.error('webhook pass failed', { error: error instanceof Error ? error.message : String(error) }),
  );
}
