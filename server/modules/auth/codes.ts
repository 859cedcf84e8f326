import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { CodeSent } from '../../../src/contract/schemas/auth';
import type { Executor } from '../../db/client';
import { emailCodes } from '../../db/schema';
import type { Deps } from '../../deps';
import { fail } from '../../http/errors';
import { hmac, randomCode, safeEqual, sha256 } from '../../lib/crypto';
import { hitLimit } from '../../lib/rate-limit';

export type CodePurpose = 'register' | 'reset';

export const CODE_TTL_MS = 15 * 60_000;
export const CODE_MAX_TRIES = 5;
/** One code a minute (the client's countdown), five an hour. */
export const RESEND_GAP = { max: 1, windowMs: 60_000 };
export const SENDS_PER_HOUR = { max: 5, windowMs: 3_600_000 };

const codeHash = (deps: Pick<Deps, 'keys'>, purpose: CodePurpose, email: string, code: string) =>
  hmac(deps.keys.codes, `${purpose}:${email}:${code}`);

/**
 * Counts a send against the resend limits. Counted whether or not the address
 * has an account, so the answers do not tell which addresses exist.
 */
export async function allowSend(deps: Deps, purpose: CodePurpose, email: string): Promise<CodeSent> {
  const now = deps.now();
  const gap = await hitLimit(deps.db, `code-gap:${purpose}:${email}`, RESEND_GAP, now);
  if (gap.exceeded) fail('RESEND_TOO_EARLY', { retryAfterSeconds: gap.retryAfterSeconds });
  const hourly = await hitLimit(deps.db, `code-hour:${purpose}:${email}`, SENDS_PER_HOUR, now);
  if (hourly.exceeded) fail('TOO_MANY_ATTEMPTS', { retryAfterSeconds: hourly.retryAfterSeconds });
  return { resendAfterSeconds: RESEND_GAP.windowMs / 1000, codeExpiresInSeconds: CODE_TTL_MS / 1000 };
}

/** Issues a new code (earlier ones stop working) and returns it for the mail. */
export async function issueCode(
  db: Executor,
  deps: Deps,
  purpose: CodePurpose,
  email: string,
  linkToken?: string,
): Promise<string> {
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

const latestCode = async (deps: Deps, purpose: CodePurpose, email: string) => {
  const [row] = await deps.db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, purpose), eq(emailCodes.email, email), isNull(emailCodes.consumedAt)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row;
};

/**
 * Checks and uses up a code. Wrong tries are counted outside any transaction,
 * so that failing the request does not undo the count.
 */
export async function consumeCode(deps: Deps, purpose: CodePurpose, email: string, code: string): Promise<void> {
  const now = deps.now();
  const row = await latestCode(deps, purpose, email);
  if (!row) return fail('WRONG_CONFIRMATION_CODE', { fields: { verifyCode: 'WRONG_CONFIRMATION_CODE' } });
  if (row.expiresAt <= now) return fail('CODE_EXPIRED', { fields: { verifyCode: 'CODE_EXPIRED' } });
  if (row.attempts >= CODE_MAX_TRIES) return fail('TOO_MANY_ATTEMPTS');

  if (!safeEqual(row.codeHash, codeHash(deps, purpose, email, code))) {
    const [counted] = await deps.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, CODE_MAX_TRIES)))
      .returning({ attempts: emailCodes.attempts });
    if (!counted) return fail('TOO_MANY_ATTEMPTS');
    return fail('WRONG_CONFIRMATION_CODE', { fields: { verifyCode: 'WRONG_CONFIRMATION_CODE' } });
  }
  await markUsed(deps, row.id);
}

/** Confirms by the link in the mail instead of the typed code. */
export async function consumeLinkToken(deps: Deps, email: string, token: string): Promise<void> {
  const row = await latestCode(deps, 'register', email);
  if (!row?.linkTokenHash || row.expiresAt <= deps.now() || !safeEqual(row.linkTokenHash, sha256(token))) {
    return fail('INVALID_LINK');
  }
  await markUsed(deps, row.id);
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
