import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import type { TokenPair } from '../../../src/contract/schemas/auth';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { refreshTokens, sessions, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';

type TokenDeps = Pick<Deps, 'config' | 'keys' | 'now'>;

// Even a correctly signed token must not reach a uuid column with anything else in it.
const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const DAY_MS = 86_400_000;

async function accessToken(deps: TokenDeps, userId: string, sessionId: string) {
  const issuedAt = Math.floor(deps.now().getTime() / 1000);
  const expiresAt = issuedAt + deps.config.ACCESS_TOKEN_TTL_SECONDS;
  const token = await sign({ sub: userId, sid: sessionId, iat: issuedAt, exp: expiresAt }, deps.keys.jwt, 'HS256');
  return { accessToken: token, accessTokenExpiresAt: expiresAt * 1000 };
}

async function newRefreshToken(db: Executor, sessionId: string): Promise<string> {
  const token = randomToken(32);
  await db.insert(refreshTokens).values({ tokenHash: sha256(token), sessionId });
  return token;
}

/**
 * Starts a login: a session that every later refresh token belongs to.
 * `passwordResetUntil` opens the window for one password change without the current password.
 */
export async function startSession(db: Executor, deps: TokenDeps, userId: string, passwordResetUntil?: Date): Promise<TokenPair> {
  const [session] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(deps.now().getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * DAY_MS), passwordResetUntil })
    .returning({ id: sessions.id });
  const refreshToken = await newRefreshToken(db, session!.id);
  return { ...(await accessToken(deps, userId, session!.id)), refreshToken };
}

/**
 * Rotates a refresh token. A token that was already rotated is a sign of theft
 * (RFC 9700 §4.14.2): the whole login is revoked.
 */
export async function rotateRefreshToken(db: Executor, deps: TokenDeps, presented: string): Promise<TokenPair> {
  const now = deps.now();
  const tokenHash = sha256(presented);
  const [found] = await db
    .select({ usedAt: refreshTokens.usedAt, session: sessions, userStatus: users.status })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!found || found.session.revokedAt || found.session.expiresAt <= now) return fail('INVALID_REFRESH_TOKEN');
  if (found.usedAt) {
    await revokeSession(db, found.session.id, 'refresh token reused', now);
    return fail('REFRESH_TOKEN_REUSED');
  }
  if (found.userStatus === 'blocked') return fail('USER_BLOCKED');

  // Only one of two racing refreshes with the same token may win; the loser is reuse.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  if (claimed.length === 0) {
    await revokeSession(db, found.session.id, 'refresh token reused', now);
    return fail('REFRESH_TOKEN_REUSED');
  }
  const refreshToken = await newRefreshToken(db, found.session.id);
  return { ...(await accessToken(deps, found.session.userId, found.session.id)), refreshToken };
}

/** Closes the reset window of a session; true for the one caller that found it open (parallel changes get one success). */
export async function consumePasswordResetWindow(db: Executor, sessionId: string, now: Date): Promise<boolean> {
  const closed = await db
    .update(sessions)
    .set({ passwordResetUntil: null })
    .where(and(eq(sessions.id, sessionId), gt(sessions.passwordResetUntil, now)))
    .returning({ id: sessions.id });
  return closed.length > 0;
}

export async function revokeSession(db: Executor, sessionId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every login of a user (blocking, password change), optionally sparing the current one. */
export async function revokeUserSessions(db: Executor, userId: string, reason: string, now: Date, except?: string) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const { id } of rows) if (id !== except) await revokeSession(db, id, reason, now);
}

const liveSession = prepared((db) =>
  db
    .select({ revokedAt: sessions.revokedAt, userId: sessions.userId, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_live_session'),
);

/** Checks a bearer access token and that its login and user are still good. */
export async function authenticate(deps: Pick<Deps, 'db' | 'keys' | 'now'>, bearer: string): Promise<AuthContext> {
  let payload: { sub?: unknown; sid?: unknown; exp?: unknown };
  try {
    // Times are checked below against our own clock, which tests can move.
    payload = await verify(bearer, deps.keys.jwt, { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    throw new AppError('UNAUTHORIZED');
  }
  const nowSeconds = deps.now().getTime() / 1000;
  if (!isUuid(payload.sub) || !isUuid(payload.sid) || typeof payload.exp !== 'number' || payload.exp <= nowSeconds) {
    throw new AppError('UNAUTHORIZED');
  }
  const [row] = await liveSession(deps.db).execute({ sessionId: payload.sid });
  if (!row || row.revokedAt || row.userId !== payload.sub) throw new AppError('UNAUTHORIZED');
  if (row.status === 'blocked') throw new AppError('USER_BLOCKED');
  return { userId: row.userId, sessionId: payload.sid };
}
