import type { CodeSent } from '@contract/schemas/auth';
import { and, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailCodes } from '../../db/schema';
import type { Deps } from '../../deps';
import { hmac, randomCode, safeEqual, sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { countEvent } from '../../lib/rate-limit';

export type CodePurpose = 'register' | 'reset';

export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_TRIES = 5;
/** One code a minute (the client's countdown), five an hour. */
export const RESEND_GAP = { max: 1, windowMs: 60_000 };
export const SENDS_PER_HOUR = { max: 5, windowMs: 3_600_000 };
/** A code's row outlives the code by this much, so that a late try hears "expired" rather than "wrong"; then housekeeping deletes it. */
export const CODE_ROW_KEPT_MS = 24 * 3_600_000;

const codeHash = (deps: Pick<Deps, 'keys'>, purpose: CodePurpose, email: string, code: string) =>
  hmac(deps.keys.codes, `${purpose}:${email}:${code}`);

/**
 * Counts a send against the resend limits. Counted whether or not the address
 * has an account, so the answers do not tell which addresses exist.
 */
export async function allowSend(deps: Deps, purpose: CodePurpose, email: string): Promise<CodeSent> {
  const gap = { key: `code-gap:${purpose}:${email}`, limit: RESEND_GAP };
  const sends = await countEvent(deps.db, [gap, { key: `code-hour:${purpose}:${email}`, limit: SENDS_PER_HOUR }], deps.now());
  const refused = sends.find((state) => state.exceeded);
  if (refused) fail(refused.key === gap.key ? 'RESEND_TOO_EARLY' : 'TOO_MANY_ATTEMPTS', { retryAfterSeconds: refused.retryAfterSeconds });
  return { resendAfterSeconds: RESEND_GAP.windowMs / 1000, codeExpiresInSeconds: CODE_TTL_MS / 1000 };
}

/** Issues a new code (earlier ones stop working) and returns it for the mail. */
export async function issueCode(db: Executor, deps: Deps, purpose: CodePurpose, email: string, linkToken?: string): Promise<string> {
  const now = deps.now();
  await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email), isNull(emailCodes.consumedAt)));
  const code = randomCode();
  await db.insert(emailCodes).values({
    purpose,
    email,
    codeHash: codeHash(deps, purpose, email, code),
    linkTokenHash: linkToken ? sha256(linkToken) : null,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

// Only the newest unused code of an address and purpose is valid.
const newestUnused = (deps: Deps, purpose: CodePurpose, email: string) =>
  deps.db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);

const latestCode = async (deps: Deps, purpose: CodePurpose, email: string) => {
  const [row] = await deps.db
    .select()
    .from(emailCodes)
    .where(inArray(emailCodes.id, newestUnused(deps, purpose, email)));
  return row;
};

/**
 * Checks and uses up a code. A try is counted before the code is compared, so
 * guesses sent together get no more comparisons than CODE_MAX_TRIES; it is
 * counted outside any transaction, so that failing the request does not undo it.
 */
export async function consumeCode(deps: Deps, purpose: CodePurpose, email: string, code: string): Promise<void> {
  const row = await takeTry(deps, purpose, email);
  if (!row) return refuseTry(deps, purpose, email);
  if (!safeEqual(row.codeHash, codeHash(deps, purpose, email, code))) {
    return fail('WRONG_CONFIRMATION_CODE', { fields: { verifyCode: 'WRONG_CONFIRMATION_CODE' } });
  }
  await markUsed(deps, row.id);
}

// One more try on the newest unused code, if it is live and has tries left: the row lock lines parallel tries up.
async function takeTry(deps: Deps, purpose: CodePurpose, email: string) {
  const [row] = await deps.db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        inArray(emailCodes.id, newestUnused(deps, purpose, email)),
        lt(emailCodes.attempts, CODE_MAX_TRIES),
        gt(emailCodes.expiresAt, deps.now()),
      ),
    )
    .returning({ id: emailCodes.id, codeHash: emailCodes.codeHash });
  return row;
}

/** Says why no try was left: no code, an expired one, or one whose tries are used up. */
async function refuseTry(deps: Deps, purpose: CodePurpose, email: string): Promise<never> {
  const row = await latestCode(deps, purpose, email);
  if (row && row.expiresAt <= deps.now()) return fail('CODE_EXPIRED', { fields: { verifyCode: 'CODE_EXPIRED' } });
  if (row && row.attempts >= CODE_MAX_TRIES) return fail('TOO_MANY_ATTEMPTS');
  // No code, or another was issued meanwhile.
  return fail('WRONG_CONFIRMATION_CODE', { fields: { verifyCode: 'WRONG_CONFIRMATION_CODE' } });
}

/** The newest code of the address that can still be used: unused, unexpired, with tries left. */
export async function liveCode(deps: Deps, purpose: CodePurpose, email: string) {
  const row = await latestCode(deps, purpose, email);
  return row && row.expiresAt > deps.now() && row.attempts < CODE_MAX_TRIES ? row : undefined;
}

/** Checks the token of the link in the registration mail without using it up; answers its code's id. */
export async function checkLinkToken(deps: Deps, email: string, token: string): Promise<string> {
  const row = await latestCode(deps, 'register', email);
  if (!row?.linkTokenHash || row.expiresAt <= deps.now() || !safeEqual(row.linkTokenHash, sha256(token))) {
    return fail('INVALID_LINK');
  }
  return row.id;
}

/** Confirms by the link in the mail instead of the typed code. */
export async function consumeLinkToken(deps: Deps, email: string, token: string): Promise<void> {
  await markUsed(deps, await checkLinkToken(deps, email, token));
}

// Two racing confirmations with the same code: only one may use it.
async function markUsed(deps: Deps, id: string): Promise<void> {
  const used = await deps.db
    .update(emailCodes)
    .set({ consumedAt: deps.now() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) fail('WRONG_CONFIRMATION_CODE', { fields: { verifyCode: 'WRONG_CONFIRMATION_CODE' } });
}

/** Deletes codes a while after they expired, those of addresses without an account included. */
export async function deleteOldCodes(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(emailCodes)
    .where(lte(emailCodes.expiresAt, new Date(now.getTime() - CODE_ROW_KEPT_MS)))
    .returning({ id: emailCodes.id });
  return deleted.length;
}
