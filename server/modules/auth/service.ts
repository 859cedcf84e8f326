import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { LOCALE_LANGUAGE, REGION_LOCALE } from '../../../src/contract/enums';
import type { Language, Region } from '../../../src/contract/enums';
import type {
  authCorrectionQuery,
  emailRegionBody,
  loginBody,
  newPasswordBody,
  refreshBody,
  registerBody,
  registerConfirmBody,
  resetPasswordConfirmBody,
} from '../../../src/contract/schemas/auth';
import type { CodeSent, TokenPair } from '../../../src/contract/schemas/auth';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../http/errors';
import { randomToken } from '../../lib/crypto';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { hitLimit, peekLimit, resetLimit } from '../../lib/rate-limit';
import { enqueueMail } from '../../mail/outbox';
import { allowSend, consumeCode, consumeLinkToken, issueCode, CODE_TTL_MS } from './codes';
import { revokeSession, revokeUserSessions, rotateRefreshToken, startSession } from './tokens';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** Ten failed sign-ins in 15 minutes lock the account for the rest of the window. */
export const LOGIN_FAILURES_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 };
/** Offices share an address behind NAT, so the per-address limit is looser. */
export const LOGIN_FAILURES_PER_IP = { max: 100, windowMs: 15 * 60_000 };
/** Registration hashes a password: bounded per address so it cannot be used to load the server. */
export const REGISTRATIONS_PER_IP = { max: 20, windowMs: 3_600_000 };

const regionLanguage = (region: Region) => LOCALE_LANGUAGE[REGION_LOCALE[region]];

const findUser = async (deps: Deps, email: string) => {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return user;
};

export async function login(deps: Deps, body: Out<typeof loginBody>, ip: string): Promise<TokenPair> {
  const now = deps.now();
  const accountKey = `login-fail:account:${body.email}`;
  const ipKey = `login-fail:ip:${ip}`;
  const byIp = await peekLimit(deps.db, ipKey, LOGIN_FAILURES_PER_IP, now);
  if (byIp.exceeded) fail('RATE_LIMITED', { retryAfterSeconds: byIp.retryAfterSeconds });
  const byAccount = await peekLimit(deps.db, accountKey, LOGIN_FAILURES_PER_ACCOUNT, now);
  if (byAccount.exceeded) fail('ACCOUNT_LOCKED', { retryAfterSeconds: byAccount.retryAfterSeconds });

  const user = await findUser(deps, body.email);
  // Unknown e-mail and wrong password answer alike, and take as long.
  const valid = user ? await verifyPassword(user.passwordHash, body.password) : (await burnPasswordCheck(body.password), false);
  if (!user || !valid) {
    await hitLimit(deps.db, accountKey, LOGIN_FAILURES_PER_ACCOUNT, now);
    await hitLimit(deps.db, ipKey, LOGIN_FAILURES_PER_IP, now);
    return fail('INVALID_CREDENTIALS');
  }
  if (user.status === 'blocked') fail('USER_BLOCKED');
  if (user.status === 'pending') fail('EMAIL_NOT_CONFIRMED');
  await resetLimit(deps.db, accountKey);
  return startSession(deps.db, deps, user.id);
}

export const refresh = (deps: Deps, body: Out<typeof refreshBody>): Promise<TokenPair> =>
  rotateRefreshToken(deps.db, deps, body.refreshToken);

export const logout = (deps: Deps, auth: AuthContext): Promise<void> =>
  revokeSession(deps.db, auth.sessionId, 'logout', deps.now());

export async function register(deps: Deps, body: Out<typeof registerBody>, ip: string): Promise<CodeSent> {
  const existing = await findUser(deps, body.email);
  // Someone who never confirmed may register again; a confirmed address is taken.
  if (existing && existing.status !== 'pending') fail('EMAIL_IN_USE', { fields: { email: 'EMAIL_IN_USE' } });
  const perIp = await hitLimit(deps.db, `register:ip:${ip}`, REGISTRATIONS_PER_IP, deps.now());
  if (perIp.exceeded) fail('RATE_LIMITED', { retryAfterSeconds: perIp.retryAfterSeconds });
  const sent = await allowSend(deps, 'register', body.email);

  const profile = {
    firstName: body.firstName,
    secondName: body.secondName,
    phone: body.phone,
    region: body.region,
    preferredLanguage: body.language,
    passwordHash: await hashPassword(body.password),
    updatedAt: deps.now(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ email: body.email, status: 'pending', ...profile })
      .onConflictDoUpdate({ target: users.email, set: profile, setWhere: eq(users.status, 'pending') });
    await sendRegisterCode(tx, deps, body.email, body.firstName, LOCALE_LANGUAGE[body.language]);
  });
  return sent;
}

async function sendRegisterCode(tx: Executor, deps: Deps, email: string, firstName: string, language: Language) {
  const linkToken = randomToken(24);
  const code = await issueCode(tx, deps, 'register', email, linkToken);
  const link = new URL('/auth-correction', deps.config.PUBLIC_URL);
  link.search = new URLSearchParams({ email, token: linkToken }).toString();
  await enqueueMail(tx, {
    to: email,
    template: 'registerCode',
    language,
    params: { code, link: link.toString(), minutes: CODE_TTL_MS / 60_000, firstName },
  }, deps.now());
}

export async function resendConfirmEmail(deps: Deps, body: Out<typeof emailRegionBody>): Promise<CodeSent> {
  const sent = await allowSend(deps, 'register', body.email);
  const user = await findUser(deps, body.email);
  if (user?.status === 'pending') {
    const language = LOCALE_LANGUAGE[user.preferredLanguage];
    await deps.db.transaction((tx) => sendRegisterCode(tx, deps, body.email, user.firstName, language));
  }
  return sent;
}

export async function registerConfirm(deps: Deps, body: Out<typeof registerConfirmBody>): Promise<TokenPair> {
  await consumeCode(deps, 'register', body.email, body.verifyCode);
  const user = await activate(deps, body.email);
  return startSession(deps.db, deps, user.id);
}

export async function authCorrection(deps: Deps, query: Out<typeof authCorrectionQuery>) {
  await consumeLinkToken(deps, query.email, query.token);
  await activate(deps, query.email);
  return { email: query.email, status: 'confirmed' as const };
}

/** A proven address makes a pending account active; a blocked one stays blocked. */
async function activate(deps: Deps, email: string) {
  const user = await findUser(deps, email);
  if (!user) return fail('WRONG_CONFIRMATION_CODE');
  if (user.status === 'blocked') return fail('USER_BLOCKED');
  if (user.status === 'pending') {
    await deps.db.update(users).set({ status: 'active', updatedAt: deps.now() }).where(eq(users.id, user.id));
  }
  return user;
}

export async function resetPassword(deps: Deps, body: Out<typeof emailRegionBody>): Promise<CodeSent> {
  const sent = await allowSend(deps, 'reset', body.email);
  const user = await findUser(deps, body.email);
  // The answer is the same whether or not the address has an account.
  if (user && user.status !== 'blocked') {
    await deps.db.transaction(async (tx) => {
      const code = await issueCode(tx, deps, 'reset', body.email);
      await enqueueMail(tx, {
        to: body.email,
        template: 'resetCode',
        language: regionLanguage(body.region),
        params: { code, minutes: CODE_TTL_MS / 60_000 },
      }, deps.now());
    });
  }
  return sent;
}

export async function resetPasswordConfirm(deps: Deps, body: Out<typeof resetPasswordConfirmBody>): Promise<TokenPair> {
  await consumeCode(deps, 'reset', body.email, body.verifyCode);
  const user = await activate(deps, body.email);
  return startSession(deps.db, deps, user.id);
}

/** A new password ends every other login of the user. */
export async function changePassword(deps: Deps, auth: AuthContext, body: Out<typeof newPasswordBody>): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await deps.db.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, auth.userId));
  await revokeUserSessions(deps.db, auth.userId, 'password changed', deps.now(), auth.sessionId);
}

