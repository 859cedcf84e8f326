import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  /** How many events the window allows. */
  max: number;
  windowMs: number;
}

export interface Counter {
  key: string;
  limit: Limit;
}

export interface WindowState {
  key: string;
  count: number;
  /** When the window ends; the next event after it starts a new one. */
  expiresAt: Date;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
  /** Refused: a counted event was one too many, or a read found no event left. */
  exceeded: boolean;
}

const stateOf = (key: string, count: number, expiresAt: Date, now: Date, exceeded: boolean): WindowState => ({
  key,
  count,
  expiresAt,
  retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  exceeded,
});

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const step = (index: number) => sql.raw(`step_${index}`);

// Adds one to a counter, or starts a new window when its window has ended. After the
// first counter, only when the event was within the previous counter's limit.
function countStep(counter: Counter, index: number, previous: Counter | undefined, now: Date) {
  const values = sql`${counter.key}::text, ${timestamp(new Date(now.getTime() + counter.limit.windowMs))}, 1`;
  const source = previous ? sql`SELECT ${values} FROM ${step(index - 1)} WHERE count <= ${previous.limit.max}` : sql`SELECT ${values}`;
  const ended = sql`r.expires_at <= ${timestamp(now)}`;
  return sql`${step(index)} AS (
    INSERT INTO rate_limits AS r (key, expires_at, count) ${source}
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${ended} THEN 1 ELSE r.count + 1 END,
      expires_at = CASE WHEN ${ended} THEN excluded.expires_at ELSE r.expires_at END
    RETURNING key, count, expires_at)`;
}

/**
 * Counts one event on each counter in turn and decides, in one statement: the
 * row lock puts parallel requests in a line, so they get exactly the answers
 * they would get one by one. The chain stops at the first counter whose limit
 * the event exceeds; the counters after it are neither counted nor returned.
 * Every statement that locks several counters locks them in the callers' order.
 */
export async function countEvent(db: Executor, counters: Counter[], now: Date): Promise<WindowState[]> {
  const steps = counters.map((counter, index) => countStep(counter, index, counters[index - 1], now));
  const results = counters.map(
    (_, index) => sql`SELECT key, count, (extract(epoch FROM expires_at) * 1000)::float8 AS "expiresAtMs" FROM ${step(index)}`,
  );
  const { rows } = (await db.execute(sql`WITH ${sql.join(steps, sql`, `)} ${sql.join(results, sql` UNION ALL `)}`)) as unknown as {
    rows: { key: string; count: number; expiresAtMs: number }[];
  };
  return counters.flatMap(({ key, limit }) => {
    const row = rows.find((counted) => counted.key === key);
    return row ? [stateOf(key, row.count, new Date(row.expiresAtMs), now, row.count > limit.max)] : [];
  });
}

/** Counts one event on one counter: `exceeded` when it is one more than the limit allows. */
export const hitLimit = async (db: Executor, key: string, limit: Limit, now: Date): Promise<WindowState> =>
  (await countEvent(db, [{ key, limit }], now))[0]!;

/** The state of a counter as read (no row, or an ended window: nothing counted): `exceeded` once no event is left. */
export const windowOf = (row: { count: number; expiresAt: Date } | undefined, { key, limit }: Counter, now: Date): WindowState =>
  row && row.expiresAt > now ? stateOf(key, row.count, row.expiresAt, now, row.count >= limit.max) : stateOf(key, 0, now, now, false);

/**
 * Takes back events counted before work that turned out not to be a failure
 * (a right password). Only the events themselves, and only in their own window:
 * failures counted before them stay. Refused events are not taken back. One
 * statement per counter, so that no statement holds one counter while waiting for another.
 */
export async function giveBack(db: Executor, counted: WindowState[]): Promise<void> {
  for (const { key, expiresAt } of counted.filter((state) => !state.exceeded)) {
    await db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.expiresAt, expiresAt), gt(rateLimits.count, 0)));
  }
}

/** Makes a window end later (a locked certificate stays locked for a while after its last wrong PIN). */
export async function extendWindow(db: Executor, key: string, until: Date): Promise<void> {
  await db.update(rateLimits).set({ expiresAt: until }).where(eq(rateLimits.key, key));
}

/**
 * Deletes counters whose window has ended: the next event would start a new
 * window anyway. Rows that a request holds are skipped (the next run takes
 * them), so this never waits for a request nor makes one wait long.
 */
export async function deleteEndedWindows(db: Executor, now: Date): Promise<number> {
  const ended = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(lte(rateLimits.expiresAt, now))
    .for('update', { skipLocked: true });
  const deleted = await db.delete(rateLimits).where(inArray(rateLimits.key, ended)).returning({ key: rateLimits.key });
  return deleted.length;
}
