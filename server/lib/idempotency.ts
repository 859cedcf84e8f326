import { randomUUID } from 'node:crypto';
import type { ApiError } from '@contract/errors';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Deps } from '../deps';
import { sha256 } from './crypto';
import { AppError, fail } from './errors';

/** A refusal as the work builds it, in the error shape. */
export interface ErrorAnswer {
  status: number;
  body: { error: ApiError };
}

/** An answer as the work builds it: the data of a success, or a refusal. */
export type Answer<Data> = { status: 200; body: { data: Data } } | ErrorAnswer;

declare const holds: unique symbol;
/** JSON text that holds a `T`; a plain string at run time. */
type JsonText<T> = string & { readonly [holds]: T };

/** An answer as stored and sent: its exact text, so that a replay is the first answer byte for byte. */
export interface StoredAnswer<Data> {
  status: number;
  text: JsonText<Answer<Data>['body']>;
}

export const errorAnswer = (error: AppError): ErrorAnswer => ({ status: error.status, body: error.toBody() });

/** The key as held by one attempt. */
export interface Claim {
  /**
   * Who holds the key. The work's one commit must lock the key's row, check that this attempt still holds it
   * (an attempt whose key was taken over commits nothing: 409), and turn it done with its answer together with what
   * it writes (decision 101: the redemption's one call does all of it).
   */
  attempt: string;
}

export interface IdempotentRun<Data> {
  /** Must end in the claim's commit, or throw an AppError, which becomes the key's answer. */
  work(claim: Claim): Promise<StoredAnswer<Data>>;
  /** The answer the ledger already holds for the key, if any: read before a stale key is taken over. */
  recorded(tx: Tx): Promise<Answer<Data> | undefined>;
  /** The answer a stored text stands for (the work may store facts it derives its answer from). */
  replayed(stored: StoredAnswer<Data>): StoredAnswer<Data>;
}

/** What the key is bound to: the request as sent. */
export const requestHashOf = (request: unknown): string => sha256(JSON.stringify(request));

/**
 * Runs `work` once per (user, key). The same key and body replay the first
 * answer; the same key with another body is refused (422); a retry while the
 * first attempt is running gets 409. An attempt that has held the key for
 * longer than IDEMPOTENCY_STALE_SECONDS without committing is thought dead and
 * a retry takes the key over, but only after reading the ledger, and never
 * while the attempt is inside its commit (its row lock says it is alive).
 * Whatever dies when, only the transaction that turns the key from running to
 * done can write the work's effects, so a key takes effect at most once.
 */
export async function idempotent<Data>(
  deps: Deps,
  userId: string,
  key: string,
  request: unknown,
  run: IdempotentRun<Data>,
): Promise<StoredAnswer<Data>> {
  const requestHash = requestHashOf(request);
  const attempt = randomUUID();
  const sameKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))!;
  const heldByThisAttempt = and(sameKey, eq(idempotencyKeys.attempt, attempt), eq(idempotencyKeys.state, 'running'))!;

  const now = deps.now();
  const [claimed] = await deps.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, state: 'running', attempt, claimedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const earlier = await answerOrTakeOver(deps, sameKey, requestHash, attempt, run.recorded);
    if (earlier) return run.replayed(earlier);
  }

  try {
    return await run.work({ attempt });
  } catch (error) {
    // An unexpected failure or a pause (429) must not pin the key: the client may retry.
    if (!(error instanceof AppError) || error.status === 429) {
      await deps.db.delete(idempotencyKeys).where(heldByThisAttempt);
      throw error;
    }
    // Stored only while this attempt still holds the key (a lost commit's 409 is not the key's answer).
    return store(deps.db, heldByThisAttempt, errorAnswer(error));
  }
}

/** Marks the key done with this answer where `where` still matches it. */
async function store<Data>(db: Executor, where: SQL, answer: Answer<Data>): Promise<StoredAnswer<Data>> {
  const text = JSON.stringify(answer.body) as StoredAnswer<Data>['text'];
  await db.update(idempotencyKeys).set({ state: 'done', responseStatus: answer.status, responseBody: text }).where(where);
  return { status: answer.status, text };
}

/**
 * The key is taken: replay its answer, refuse, or take it over from an attempt
 * thought dead (undefined: this attempt now holds the key).
 */
async function answerOrTakeOver<Data>(
  deps: Deps,
  sameKey: SQL,
  requestHash: string,
  attempt: string,
  recorded: IdempotentRun<Data>['recorded'],
): Promise<StoredAnswer<Data> | undefined> {
  const [first] = await deps.db.select().from(idempotencyKeys).where(sameKey);
  // No row: a failed attempt let go of the key a moment ago; the client's next retry claims it.
  if (!first) return fail('IDEMPOTENCY_IN_PROGRESS');
  if (first.requestHash !== requestHash) return fail('IDEMPOTENCY_KEY_REUSED');
  // The same request hash under this user's key: the answer of the same operation.
  if (first.state === 'done') return { status: first.responseStatus!, text: first.responseBody! as StoredAnswer<Data>['text'] };
  const staleBefore = deps.now().getTime() - deps.config.IDEMPOTENCY_STALE_SECONDS * 1000;
  if (first.claimedAt.getTime() > staleBefore) return fail('IDEMPOTENCY_IN_PROGRESS');

  return deps.db.transaction(async (tx) => {
    // A locked row is an attempt inside its commit, alive however old its claim; and a new attempt means another retry won.
    const [stale] = await tx
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(and(sameKey, eq(idempotencyKeys.attempt, first.attempt), eq(idempotencyKeys.state, 'running')))
      .for('update', { skipLocked: true });
    if (!stale) return fail('IDEMPOTENCY_IN_PROGRESS');
    // The ledger has the last word: an effect that committed without its answer (as before answers were stored with it) is not repeated.
    const answer = await recorded(tx);
    if (answer) return store(tx, sameKey, answer);
    await tx.update(idempotencyKeys).set({ attempt, claimedAt: deps.now() }).where(sameKey);
    return undefined;
  });
}
