import { LOCALE_LANGUAGE, regionLanguage, type Language, type Region } from '@contract/enums';
import type {
  authCorrectionBody,
  authCorrectionQuery,
  changePasswordBody,
  CodeSent,
  emailRegionBody,
  loginBody,
  refreshBody,
  registerBody,
  registerConfirmBody,
  resetPasswordConfirmBody,
  TokenPair,
} from '@contract/schemas/auth';
import { and, eq, gt } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { randomToken } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { mailLink } from '../../lib/links';
import { hasOpenInvitation, isLockedOut } from '../../lib/membership';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { countEvent, giveBack, hitLimit } from '../../lib/rate-limit';
import { enqueueMail } from '../../mail/outbox';
import { NO_PASSWORD } from './accounts';
import { allowSend, checkLinkToken, CODE_TTL_MS, consumeCode, consumeLinkToken, issueCode, liveCode } from './codes';
import { consumePasswordResetWindow, revokeSession, revokeUserSessions, rotateRefreshToken, startSession } from './tokens';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/**
 * Code mails asked for from one client, whatever the addresses: the per-address limits do not stop one client from
 * asking for many made-up addresses (each leaves rows kept a day). Generous for an office behind one address.
 */
export const CODE_MAILS_PER_IP = { max: 30, windowMs: 3_600_000 };
/** Ten failed sign-ins in 15 minutes lock the account for the rest of the window. */
export const LOGIN_FAILURES_PER_ACCOUNT = { max: 10, windowMs: 15 * 60_000 };
/** Offices share an address behind NAT, so the per-address limit is looser. */
export const LOGIN_FAILURES_PER_IP = { max: 100, windowMs: 15 * 60_000 };
/** Registration hashes a password: bounded per address so it cannot be used to load the server. */
export const REGISTRATIONS_PER_IP = { max: 20, windowMs: 3_600_000 };
/** How long after a confirmed reset code one password change needs no current password. */
export const PASSWORD_RESET_WINDOW_MS = 10 * 60_000;
/** Wrong current passwords (change-password) per user: a stolen access token gets few guesses. */
export const WRONG_CURRENT_PASSWORDS = { max: 5, windowMs: 15 * 60_000 };

const findUser = async (deps: Deps, email: string) => {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  return user;
};

/** The shared schema has judged the new password's form; the breached-password list is too big for the PWA, so it lives here. */
async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) fail('VALIDATION_ERROR', { fields: { password: 'PASSWORD_COMMON' } });
}

/**
 * Checks an e-mail and password under the sign-in limits, whatever signs in with them (the login, joining a company
 * from an invitation mail); answers the account. Unknown e-mail and wrong password answer alike, and take as long.
 */
export async function checkCredentials(deps: Deps, credentials: { email: string; password: string }, ip: string) {
  const now = deps.now();
  const byIp = { key: `login-fail:ip:${ip}`, limit: LOGIN_FAILURES_PER_IP };
  const byAccount = { key: `login-fail:account:${credentials.email}`, limit: LOGIN_FAILURES_PER_ACCOUNT };
  // Counted before the password is verified: parallel sign-ins get no more verifications than the limits allow.
  const tries = await countEvent(deps.db, [byIp, byAccount], now);
  const refused = tries.find((state) => state.exceeded);
  if (refused) {
    await giveBack(deps.db, tries); // the address's try was not used
    fail(refused.key === byIp.key ? 'RATE_LIMITED' : 'ACCOUNT_LOCKED', { retryAfterSeconds: refused.retryAfterSeconds });
  }
  const user = await findUser(deps, credentials.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : (await burnPasswordCheck(credentials.password), false);
  if (!user || !valid) return fail('INVALID_CREDENTIALS');
  // A right password is no failure: its own tries are given back; the failures counted before it stay.
  await giveBack(deps.db, tries);
  if (user.status === 'blocked') fail('USER_BLOCKED');
  return user;
}

/** Signs in with e-mail and password; answers the pair, and whether the person is staff (where they land, decision 100). */
export async function signIn(deps: Deps, body: Out<typeof loginBody>, ip: string): Promise<{ pair: TokenPair; staff: boolean }> {
  const user = await checkCredentials(deps, body, ip);
  if (await isLockedOut(deps.db, user.id)) fail('USER_BLOCKED');
  if (user.status === 'pending') fail('EMAIL_NOT_CONFIRMED');
  return { pair: await startSession(deps.db, deps, user.id), staff: user.isStaff };
}

export const login = async (deps: Deps, body: Out<typeof loginBody>, ip: string): Promise<TokenPair> => (await signIn(deps, body, ip)).pair;

export const refresh = (deps: Deps, body: Out<typeof refreshBody>): Promise<TokenPair> =>
  rotateRefreshToken(deps.db, deps, body.refreshToken);

export const logout = (deps: Deps, auth: AuthContext): Promise<void> => revokeSession(deps.db, auth.sessionId, 'logout', deps.now());

export async function register(deps: Deps, body: Out<typeof registerBody>, ip: string): Promise<CodeSent> {
  await refuseCommonPassword(body.password);
  // Counted before the address is looked up: "in use" answers are throttled like the rest.
  const perIp = await hitLimit(deps.db, `register:ip:${ip}`, REGISTRATIONS_PER_IP, deps.now());
  if (perIp.exceeded) fail('RATE_LIMITED', { retryAfterSeconds: perIp.retryAfterSeconds });
  const existing = await findUser(deps, body.email);
  // Someone who never confirmed may register again; a confirmed address is taken.
  if (existing && existing.status !== 'pending') fail('EMAIL_IN_USE', { fields: { email: 'EMAIL_IN_USE' } });
  if (existing) await refuseRegisteringOver(deps, existing.id, body.email);
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
    await sendRegisterCode(tx, deps, body, LOCALE_LANGUAGE[body.language]);
  });
  return sent;
}

/**
 * Decision 074: a pending account keeps whose it is. While a registration's code is live, the code in the mailbox
 * confirms that registration's password, so another registration of the address waits until the code runs out
 * (parallel ones are lined up by the one-send-a-minute limit). An invited address joins through its invitation,
 * which no registration may rewrite.
 */
async function refuseRegisteringOver(deps: Deps, userId: string, email: string): Promise<void> {
  if (await hasOpenInvitation(deps.db, userId)) fail('EMAIL_INVITED', { fields: { email: 'EMAIL_INVITED' } });
  const live = await liveCode(deps, 'register', email);
  if (live)
    fail('REGISTRATION_PENDING', {
      fields: { email: 'REGISTRATION_PENDING' },
      retryAfterSeconds: secondsUntil(live.expiresAt, deps.now()),
    });
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

async function allowCodeMailFrom(deps: Deps, ip: string): Promise<void> {
  const perIp = await hitLimit(deps.db, `code-mail:ip:${ip}`, CODE_MAILS_PER_IP, deps.now());
  if (perIp.exceeded) fail('RATE_LIMITED', { retryAfterSeconds: perIp.retryAfterSeconds });
}

/** The registration's code, and a link to correct the address on the person's region's site. */
async function sendRegisterCode(
  tx: Executor,
  deps: Deps,
  person: { email: string; firstName: string; region: Region },
  language: Language,
) {
  const { email, firstName } = person;
  const linkToken = randomToken(24);
  const code = await issueCode(tx, deps, 'register', email, linkToken);
  const link = mailLink(deps.config, person.region, 'auth-correction', { email, token: linkToken });
  await enqueueMail(
    tx,
    {
      to: email,
      template: 'registerCode',
      language,
      params: { code, link, minutes: CODE_TTL_MS / 60_000, firstName },
    },
    deps.now(),
  );
}

export async function resendConfirmEmail(deps: Deps, body: Out<typeof emailRegionBody>, ip: string): Promise<CodeSent> {
  await allowCodeMailFrom(deps, ip);
  const sent = await allowSend(deps, 'register', body.email);
  const user = await findUser(deps, body.email);
  if (user?.status === 'pending') {
    const language = LOCALE_LANGUAGE[user.preferredLanguage];
    await deps.db.transaction((tx) => sendRegisterCode(tx, deps, { ...user, email: body.email }, language));
  }
  return sent;
}

export async function registerConfirm(deps: Deps, body: Out<typeof registerConfirmBody>): Promise<TokenPair> {
  await consumeCode(deps, 'register', body.email, body.verifyCode);
  const user = await activate(deps, body.email);
  return startSession(deps.db, deps, user.id);
}

/** The registration link serves while its code is live and the account still waits for confirmation. */
async function checkRegistrationLink(deps: Deps, email: string, token: string): Promise<void> {
  await checkLinkToken(deps, email, token);
  const user = await findUser(deps, email);
  if (user?.status === 'blocked') fail('USER_BLOCKED');
  if (user?.status !== 'pending') fail('INVALID_LINK');
}

/** GET: mail scanners open links, so opening one only says whether it is good and changes nothing. */
export async function checkAuthCorrection(deps: Deps, query: Out<typeof authCorrectionQuery>) {
  await checkRegistrationLink(deps, query.email, query.token);
  return { email: query.email, status: 'pending' as const };
}

/**
 * POST: whoever holds the mailbox sets the password and so confirms the address. The password
 * given at registration is dropped: anyone may have registered this address.
 */
export async function confirmAuthCorrection(deps: Deps, body: Out<typeof authCorrectionBody>) {
  await refuseCommonPassword(body.password);
  await checkRegistrationLink(deps, body.email, body.token); // before the slow hash
  const passwordHash = await hashPassword(body.password);
  await consumeLinkToken(deps, body.email, body.token);
  await activate(deps, body.email, passwordHash);
  return { email: body.email, status: 'confirmed' as const };
}

/**
 * A proven address makes a pending account active; a blocked one stays blocked.
 * `passwordHash` replaces the pending account's password, which the registrant chose, not necessarily the mailbox owner.
 */
async function activate(deps: Deps, email: string, passwordHash?: string) {
  const user = await findUser(deps, email);
  if (!user) return fail('WRONG_CONFIRMATION_CODE');
  if (user.status === 'blocked') return fail('USER_BLOCKED');
  if (user.status === 'pending') {
    await deps.db
      .update(users)
      .set({ status: 'active', ...(passwordHash && { passwordHash }), updatedAt: deps.now() })
      .where(eq(users.id, user.id));
  }
  return user;
}

/**
 * Answers the same whether or not the address has an account, and does the same work but for
 * writing the mail, so that neither tells which addresses exist: every address gets a code (of
 * no use without the mail; housekeeping deletes it), only an account's address gets the mail.
 */
export async function resetPassword(deps: Deps, body: Out<typeof emailRegionBody>, ip: string): Promise<CodeSent> {
  await allowCodeMailFrom(deps, ip);
  const sent = await allowSend(deps, 'reset', body.email);
  const user = await findUser(deps, body.email);
  await deps.db.transaction(async (tx) => {
    const code = await issueCode(tx, deps, 'reset', body.email);
    if (!user || user.status === 'blocked') return;
    await enqueueMail(
      tx,
      {
        to: body.email,
        template: 'resetCode',
        language: regionLanguage(body.region),
        params: { code, minutes: CODE_TTL_MS / 60_000 },
      },
      deps.now(),
    );
  });
  return sent;
}

/**
 * Signs in and opens the window for one password change without the current password.
 * A pending account is confirmed with no password: the registrant's may not be the mailbox owner's, who sets one now.
 */
export async function resetPasswordConfirm(deps: Deps, body: Out<typeof resetPasswordConfirmBody>): Promise<TokenPair> {
  await consumeCode(deps, 'reset', body.email, body.verifyCode);
  const user = await activate(deps, body.email, NO_PASSWORD);
  // Every company has blocked the person: a code from their mailbox is no way back in (decision 53).
  if (await isLockedOut(deps.db, user.id)) fail('USER_BLOCKED');
  return startSession(deps.db, deps, user.id, new Date(deps.now().getTime() + PASSWORD_RESET_WINDOW_MS));
}

/** A new password ends every other login of the user; it must differ from the current one. */
export async function changePassword(deps: Deps, auth: AuthContext, body: Out<typeof changePasswordBody>): Promise<void> {
  await refuseCommonPassword(body.password);
  const now = deps.now();
  if (body.currentPassword === undefined) return changeAfterReset(deps, auth, body.password, now);
  // The schema has refused a new password equal to the current one typed beside it.
  await proveCurrentPassword(deps, auth, body.currentPassword, now);
  const passwordHash = await hashPassword(body.password);
  await deps.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.userId));
  await revokeUserSessions(deps.db, auth.userId, 'password changed', now, auth.sessionId);
}

/**
 * The one change a confirmed reset code allows without the current password. Comparing the new password with the
 * stored one is no oracle here: the reset already proved the person. The window is used up only by a change made,
 * in the transaction that makes it, so a refused password leaves it open for the next try.
 */
async function changeAfterReset(deps: Deps, auth: AuthContext, password: string, now: Date): Promise<void> {
  const [login] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, auth.sessionId), gt(sessions.passwordResetUntil, now)));
  if (!login) return fail('CURRENT_PASSWORD_REQUIRED', { fields: { currentPassword: 'REQUIRED' } });
  if (await verifyPassword(login.passwordHash, password)) fail('VALIDATION_ERROR', { fields: { password: 'PASSWORD_SAME' } });
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if (!(await consumePasswordResetWindow(tx, auth.sessionId, now)))
      fail('CURRENT_PASSWORD_REQUIRED', { fields: { currentPassword: 'REQUIRED' } });
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.userId));
    await revokeUserSessions(tx, auth.userId, 'password changed', now, auth.sessionId);
  });
}

/** An access token alone is not enough: the current password, with few guesses for a stolen token. */
async function proveCurrentPassword(deps: Deps, auth: AuthContext, currentPassword: string, now: Date): Promise<void> {
  // Counted before the verification, so parallel guesses get no more tries than sequential ones; a right one gives its count back.
  const check = await hitLimit(deps.db, `current-password:${auth.userId}`, WRONG_CURRENT_PASSWORDS, now);
  if (check.exceeded) fail('TOO_MANY_ATTEMPTS', { retryAfterSeconds: check.retryAfterSeconds });
  const [user] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    fail('WRONG_CURRENT_PASSWORD', { fields: { currentPassword: 'WRONG_CURRENT_PASSWORD' } });
  }
  await giveBack(deps.db, [check]);
}
