import type { Role } from '@contract/enums';
import type { AccountInfo, UserSettings } from '@contract/schemas/account';
import type { TokenPair } from '@contract/schemas/auth';
import { cookieText, SESSION_COOKIE, sessionCookies, tokensFrom } from '@contract/sign-in';
import { isNearExpiry, REFRESH_CHECK_INTERVAL_MS } from './expiry';
import { post, setAuthHooks } from './http';
import { hasSession, readTokens } from './session-cookies';
import { clearPrefixed, readCookie, readJson, writeJson } from './storage';
import { createStore } from './store';

export { hasSession, readTokens };

/**
 * SPEC §3–4 "Session". Tokens live in cookies (path /) so that every tab sees
 * the same pair (./session-cookies); the user store is persisted in localStorage.
 */

export interface UserState {
  user: AccountInfo | null;
  roles: Role[] | null;
  settings: UserSettings | null;
  /** The address a registration code was sent to (the code step survives a reload). */
  registrationEmail: string | null;
  /** The address a password-reset code was sent to. */
  passwordResetEmail: string | null;
  /** When the next code may be asked for (epoch ms), per flow: the resend countdown survives navigation. */
  resendAt: Partial<Record<'register' | 'reset', number>>;
}

const EMPTY: UserState = {
  user: null,
  roles: null,
  settings: null,
  registrationEmail: null,
  passwordResetEmail: null,
  resendAt: {},
};

export const userStore = createStore<UserState>({ ...EMPTY, ...readJson<Partial<UserState>>('user') }, (state) => writeJson('user', state));

/** Bumps when the tokens change, so components can react to sign-in and sign-out. */
export const tokenStore = createStore(0);

/**
 * Stores a fresh pair: on login, on refresh and on password-reset code confirmation. A refresh keeps "remember me" as
 * it was chosen at sign-in, here or in the form post (its cookie).
 */
export const storeTokens = (pair: TokenPair, remember = readCookie(SESSION_COOKIE.remember) === '1'): void => {
  for (const cookie of sessionCookies(pair, remember, location.protocol === 'https:')) document.cookie = cookie;
  tokenStore.set((n) => n + 1);
};

// The account's roles as get-info answers them: the server fills in its DEFAULT_ROLES for a user of no company (SPEC §4).
export const setAccount = (user: AccountInfo, settings: UserSettings): void =>
  userStore.set((state) => ({ ...state, user, settings, roles: user.roles }));

export const updateUser = (user: AccountInfo): void => userStore.set((state) => ({ ...state, user, roles: user.roles }));

export const updateSettings = (settings: UserSettings): void => userStore.set((state) => ({ ...state, settings }));

/** Signing in (login, registration or reset code): the previous user's data goes, the new tokens come. */
export const beginSession = (pair: TokenPair, remember = false): void => {
  userStore.set((state) => ({ ...state, user: null, roles: null, settings: null }));
  storeTokens(pair, remember);
};

// --- ending the session

const ended = new Set<(reason: 'logout' | 'unauthorized') => void>();
/** Subscribers clear caches and navigate to /login. */
export const onSessionEnded = (listener: (reason: 'logout' | 'unauthorized') => void): (() => void) => {
  ended.add(listener);
  return () => ended.delete(listener);
};

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('certdesk.session');

/** Clears tokens, the user, supplier and main stores; keeps the chosen locale. */
export const flushSession = (reason: 'logout' | 'unauthorized' = 'unauthorized', { notify = true } = {}): void => {
  for (const name of Object.values(SESSION_COOKIE)) document.cookie = cookieText(name, '', 0);
  clearPrefixed();
  userStore.set({ ...EMPTY });
  tokenStore.set((n) => n + 1);
  // The navigation guard redirects by itself and passes notify: false.
  if (notify) for (const listener of ended) listener(reason);
};

/** SPEC §4: logout calls the server, then clears everything whatever the result; other tabs follow. */
export const logout = async (): Promise<void> => {
  try {
    await post('/api/front/auth/logout', { quiet: true });
  } catch {
    // the server may be unreachable or the token already gone: we sign out locally anyway
  }
  flushSession('logout');
  channel?.postMessage({ type: 'logout' });
};

channel?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
  if (event.data?.type === 'logout' && userStore.get().user !== null) flushSession('logout');
});

// --- refreshing

/** One refresh at a time across tabs: a rotated refresh token presented twice is reuse (past the grace of decision 48). */
const withRefreshLock = <T>(task: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('certdesk.token-refresh', task) : task();

/*
 * A `document.cookie` write is not ordered with the lock: Chromium hands it to the browser's cookie
 * store asynchronously, so the tab that takes the lock next could still read the refresh token the
 * last holder rotated (and refresh it again). The Cookie Store API, where the browser has it (secure
 * contexts), asks the cookie store itself: the holder lets go only once its write is there, and the
 * next holder reads from there. Without it, the server's grace period (decision 48) covers the gap.
 */
const cookieStoreApi = (): CookieStore | undefined => (typeof cookieStore === 'undefined' ? undefined : cookieStore);

/** The tokens as the browser's cookie store holds them (what another tab wrote before it let go of the lock). */
const readStoredTokens = async (): Promise<TokenPair | null> => {
  const all = await cookieStoreApi()
    ?.getAll()
    .catch(() => undefined);
  if (!all) return readTokens();
  return tokensFrom((name) => {
    const value = all.find((cookie) => cookie.name === name)?.value;
    return value && decodeURIComponent(value);
  });
};

/** Waits, a second at most, until the cookie store holds the refresh token just written with `document.cookie`. */
const untilStored = async (refreshToken: string): Promise<void> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const stored = await cookieStoreApi()
      ?.get(SESSION_COOKIE.refresh)
      .catch(() => undefined);
    // No Cookie Store API (or it failed): nothing to wait for.
    if (stored === undefined || stored?.value === encodeURIComponent(refreshToken)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

let inFlight: Promise<void> | null = null;

/** Refreshes the access token when it is near expiry; a failed refresh is only logged (SPEC §4). */
export const refreshIfNearExpiry = (now: () => number = Date.now): Promise<void> => {
  const tokens = readTokens();
  if (!tokens || !isNearExpiry(tokens.accessTokenExpiresAt, now())) return Promise.resolve();
  inFlight ??= withRefreshLock(async () => {
    // Read again inside the lock: another tab may have refreshed while we waited.
    const current = await readStoredTokens();
    if (!current || !isNearExpiry(current.accessTokenExpiresAt, now())) return;
    try {
      const pair = await post('/api/front/auth/refresh', { json: { refreshToken: current.refreshToken }, auth: false, quiet: true });
      storeTokens(pair);
      await untilStored(pair.refreshToken);
    } catch (error) {
      console.warn('Token refresh failed', error);
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
};

/** SPEC §4: a check every 60 000 ms. Returns the stop function. */
export const startRefreshTimer = (): (() => void) => {
  const id = setInterval(() => void refreshIfNearExpiry(), REFRESH_CHECK_INTERVAL_MS);
  return () => clearInterval(id);
};

setAuthHooks({
  accessToken: () => readTokens()?.accessToken ?? null,
  beforeAuthorized: () => refreshIfNearExpiry(),
  onUnauthorized: () => flushSession('unauthorized'),
});

/** Starts a resend countdown of `seconds` for a code flow. */
export const setResendAt = (flow: 'register' | 'reset', seconds: number, now = Date.now()): void =>
  userStore.set((state) => ({ ...state, resendAt: { ...state.resendAt, [flow]: now + seconds * 1000 } }));
