import { and, eq, lt, ne, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema';

/** How long the delivery log keeps a delivered or given-up delivery. */
export const WEBHOOK_LOG_DAYS = 30;

/** Deliveries done for a month, then the events no delivery needs any more; pending ones stay whatever their age. */
export async function deleteOldDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
  const deleted = await db
    .delete(webhookDeliveries)
    .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)))
    .returning({ id: webhookDeliveries.id });
  await db
    .delete(webhookEvents)
    .where(
      and(
        lt(webhookEvents.createdAt, before),
        notExists(db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, webhookEvents.id))),
      ),
    );
  return deleted.length;
}
