import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import type { Deps } from '../deps';
import { AppError, fail } from '../http/errors';
import { sha256 } from './crypto';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** A run that never finished (a crashed process) frees its key after this long. */
const STALE_RUN_MS = 60_000;

/**
 * Runs `work` once per (user, key). The same key and body replay the first
 * answer; the same key with another body is refused (422); a retry while the
 * first run is still going gets 409. The key is claimed in its own statement,
 * before the work's transaction, so concurrent retries see it.
 */
export async function idempotent(
  deps: Deps,
  userId: string,
  key: string,
  request: unknown,
  work: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const requestHash = sha256(JSON.stringify(request));
  const now = deps.now();
  await deps.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_RUN_MS)),
      ),
    );
  const claimed = await deps.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, state: 'running', createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [first] = await deps.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!first || first.requestHash !== requestHash) return fail('IDEMPOTENCY_KEY_REUSED');
    if (first.state === 'running') return fail('IDEMPOTENCY_IN_PROGRESS');
    return { status: first.responseStatus!, body: first.responseBody };
  }

  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    // An unexpected failure or a pause (429) must not pin the key: the client may retry.
    if (!(error instanceof AppError) || error.status === 429) {
      await deps.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      throw error;
    }
    answer = { status: error.status, body: error.toBody() };
  }
  await deps.db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: answer.status, responseBody: answer.body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return answer;
}
