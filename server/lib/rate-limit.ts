import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** How many events the window allows. */
  max: number;
  windowMs: number;
}

export interface WindowState {
  count: number;
  /** Seconds until the window closes (at least 1 while it is open). */
  retryAfterSeconds: number;
  exceeded: boolean;
}

const state = (count: number, windowStart: Date, limit: Limit, now: Date, exceededAt: number): WindowState => ({
  count,
  retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000)),
  exceeded: count >= exceededAt,
});

/**
 * Fixed-window counters in one upsert, so concurrent requests (and several API
 * processes) count every event exactly once.
 */
export async function hitLimit(db: Executor, key: string, limit: Limit, now: Date): Promise<WindowState> {
  const cutoff = new Date(now.getTime() - limit.windowMs).toISOString();
  const nowIso = now.toISOString();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff}::timestamptz THEN ${nowIso}::timestamptz ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return state(row!.count, row!.windowStart, limit, now, limit.max + 1);
}

/** The state of a counter read from the table (no row: nothing counted yet). */
export const openWindow = (row: { count: number; windowStart: Date } | undefined, limit: Limit, now: Date): WindowState =>
  !row || row.windowStart.getTime() + limit.windowMs <= now.getTime()
    ? { count: 0, retryAfterSeconds: 0, exceeded: false }
    : state(row.count, row.windowStart, limit, now, limit.max);

/** Reads a counter without counting: `exceeded` once `max` events are in the open window. */
export async function peekLimit(db: Executor, key: string, limit: Limit, now: Date): Promise<WindowState> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return openWindow(row, limit, now);
}

export async function resetLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
