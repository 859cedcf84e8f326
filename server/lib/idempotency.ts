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
  const claim = () =>
    deps.db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash, state: 'running', createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  const sameKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  let claimed = await claim();
  if (claimed.length === 0) {
    const [first] = await deps.db.select().from(idempotencyKeys).where(sameKey);
    if (first && first.requestHash !== requestHash) return fail('IDEMPOTENCY_KEY_REUSED');
    if (first?.state === 'done') return { status: first.responseStatus!, body: first.responseBody };
    // Still running, unless the process that claimed it died long ago: then the key is free again.
    const cutoff = new Date(deps.now().getTime() - STALE_RUN_MS);
    await deps.db.delete(idempotencyKeys).where(and(sameKey, eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.createdAt, cutoff)));
    claimed = await claim();
    if (claimed.length === 0) return fail('IDEMPOTENCY_IN_PROGRESS');
  }

  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    // An unexpected failure or a pause (429) must not pin the key: the client may retry.
    if (!(error instanceof AppError) || error.status === 429) {
      await deps.db.delete(idempotencyKeys).where(sameKey);
      throw error;
    }
    answer = { status: error.status, body: error.toBody() };
  }
  await deps.db.update(idempotencyKeys).set({ state: 'done', responseStatus: answer.status, responseBody: answer.body }).where(sameKey);
  return answer;
}
