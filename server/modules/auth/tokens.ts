import type { TokenPair } from '@contract/schemas/auth';
import { and, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { refreshTokens, sessions, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, fail } from '../../lib/errors';
import { signJwt, verifyJwt } from '../../lib/jwt';
import { isLockedOut } from '../../lib/membership';

type TokenDeps = Pick<Deps, 'config' | 'keys' | 'now'>;

// Even a correctly signed token must not reach a uuid column with anything else in it.
const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const DAY_MS = 86_400_000;

function accessToken(deps: TokenDeps, userId: string, sessionId: string) {
  const issuedAt = Math.floor(deps.now().getTime() / 1000);
  const expiresAt = issuedAt + deps.config.ACCESS_TOKEN_TTL_SECONDS;
  const token = signJwt({ sub: userId, sid: sessionId, iat: issuedAt, exp: expiresAt }, deps.keys.jwt);
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
  return { ...accessToken(deps, userId, session!.id), refreshToken };
}

/**
 * What `used_at` holds for a token retired unused: its parent was presented again within the grace
 * period and got another successor instead. Being older than any grace period, presenting it is reuse.
 */
export const RETIRED_UNUSED = new Date(0);

type Rotation = { pair: TokenPair } | { refused: 'INVALID_REFRESH_TOKEN' | 'REFRESH_TOKEN_REUSED' | 'USER_BLOCKED' };

/**
 * Rotates a refresh token (decisions 3 and 48). A token that was already rotated is a sign of theft
 * (RFC 9700 §4.14.2) and revokes the whole login, unless it is the login's latest rotated token,
 * presented again within REFRESH_TOKEN_GRACE_SECONDS of its rotation while its successor is still
 * unused: then the answer was lost on the way, and the caller gets a new pair in the same login,
 * while the unused successor is retired (presenting it later is reuse). Every refresh of a login is
 * decided under the login's row lock, so parallel refreshes take turns and leave one live token.
 */
export async function rotateRefreshToken(db: Executor, deps: TokenDeps, presented: string): Promise<TokenPair> {
  const now = deps.now();
  const tokenHash = sha256(presented);
  const result = await db.transaction(async (tx): Promise<Rotation> => {
    // The login's row, not the token's: a retry of the parent and a use of its successor are two
    // different token rows, and only one lock over the whole chain orders them.
    const [login] = await tx
      .select({ session: sessions, userStatus: users.status })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: sessions });
    if (!login || login.session.revokedAt || login.session.expiresAt <= now) return { refused: 'INVALID_REFRESH_TOKEN' };
    const { session } = login;
    // Read after the lock: a refresh that held it before us has committed by now.
    const [token] = await tx.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!token) return { refused: 'INVALID_REFRESH_TOKEN' };

    // Blocked across the marketplace, or by every company the person belongs to (decision 53).
    const blocked = async () => login.userStatus === 'blocked' || (await isLockedOut(tx, session.userId));
    if (token.usedAt === null) {
      if (await blocked()) return { refused: 'USER_BLOCKED' };
      await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, tokenHash));
    } else if (await isLostAnswer(tx, deps, session.id, tokenHash, token.usedAt, now)) {
      if (await blocked()) return { refused: 'USER_BLOCKED' };
      // The successor nobody received (or a racing twin's) is retired: one live token per login.
      await tx
        .update(refreshTokens)
        .set({ usedAt: RETIRED_UNUSED })
        .where(and(eq(refreshTokens.sessionId, session.id), isNull(refreshTokens.usedAt)));
    } else {
      await revokeSession(tx, session.id, 'refresh token reused', now);
      return { refused: 'REFRESH_TOKEN_REUSED' };
    }
    const refreshToken = await newRefreshToken(tx, session.id);
    return { pair: { ...accessToken(deps, session.userId, session.id), refreshToken } };
  });
  // Refused after the commit: a revocation must not be rolled back with the error.
  return 'pair' in result ? result.pair : fail(result.refused);
}

/**
 * A rotated token is a lost answer, not reuse, when it was rotated less than the grace period ago
 * and no other token of the login was rotated since (at the same moment or later), i.e. its
 * successor was never presented. Retired tokens carry RETIRED_UNUSED and never count as rotated.
 * Timestamps that tie count against the grace, so a tie can only revoke, never spare.
 */
async function isLostAnswer(tx: Executor, deps: TokenDeps, sessionId: string, tokenHash: string, usedAt: Date, now: Date) {
  if (now.getTime() - usedAt.getTime() >= deps.config.REFRESH_TOKEN_GRACE_SECONDS * 1000) return false;
  const [later] = await tx
    .select({ usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), ne(refreshTokens.tokenHash, tokenHash), gte(refreshTokens.usedAt, usedAt)))
    .limit(1);
  return later === undefined;
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

/** A token's login as read from its session and user (sessions joined to users): what `confirmLogin` decides on. */
export const loginColumns = { revokedAt: sessions.revokedAt, userId: sessions.userId, status: users.status };

const liveSession = prepared((db) =>
  db
    .select(loginColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_live_session'),
);

/**
 * The claims of a correctly signed, unexpired access token. Not yet an
 * authenticated caller: its login may have ended since (`confirmLogin`).
 */
export function verifyAccessToken(deps: Pick<Deps, 'keys' | 'now'>, bearer: string): AuthContext {
  // Times are checked here against our own clock, which tests can move.
  const payload = verifyJwt(bearer, deps.keys.jwt);
  const nowSeconds = deps.now().getTime() / 1000;
  if (!payload || !isUuid(payload.sub) || !isUuid(payload.sid) || typeof payload.exp !== 'number' || payload.exp <= nowSeconds) {
    throw new AppError('UNAUTHORIZED');
  }
  return { userId: payload.sub, sessionId: payload.sid };
}

/** Refuses claims whose login has ended or whose user is blocked; the caller is then authenticated. */
export function confirmLogin(
  row: { revokedAt: Date | null; userId: string; status: string } | undefined,
  claims: AuthContext,
): AuthContext {
  if (!row || row.revokedAt || row.userId !== claims.userId) throw new AppError('UNAUTHORIZED');
  if (row.status === 'blocked') throw new AppError('USER_BLOCKED');
  return claims;
}

/** Checks a bearer access token and that its login and user are still good. */
export async function authenticate(deps: Pick<Deps, 'db' | 'keys' | 'now'>, bearer: string): Promise<AuthContext> {
  const claims = verifyAccessToken(deps, bearer);
  const [row] = await liveSession(deps.db).execute({ sessionId: claims.sessionId });
  return confirmLogin(row, claims);
}
