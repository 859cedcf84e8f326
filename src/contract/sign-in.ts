import type { TokenPair } from './schemas/auth';

/**
 * Signing in, as the PWA and the server's form sign-in (decision 100) both do it: the session's cookies, where a
 * person lands, and what a refused form post carries back to the sign-in page. Values only, no valibot: the sign-in
 * page and the first-paint script load it.
 */

/** The sign-in page, and the form post a page without JavaScript yet sends its form to. */
export const SIGN_IN_PATH = '/login';
export const LOGIN_FORM_PATH = '/api/front/auth/login-form';

/** The password reset's first page, the form post it sends before the app runs (decision 105), and its code page. */
export const RESET_EMAIL_PATH = '/password-reset-email';
export const RESET_FORM_PATH = '/api/front/auth/reset-password-form';
export const RESET_CODE_PATH = '/password-reset-code';

/** Each form post, and the page whose form it is: where a refusal goes back to. */
export const FORM_POST_PAGES: Readonly<Record<string, string>> = {
  [LOGIN_FORM_PATH]: SIGN_IN_PATH,
  [RESET_FORM_PATH]: RESET_EMAIL_PATH,
};

/** Where a reset form post lands once the code is sent: the code page, told the address and the resend wait. */
export const resetCodeLocation = (email: string, resendAfterSeconds: number): string =>
  `${RESET_CODE_PATH}?${new URLSearchParams({ email, resend: String(resendAfterSeconds) })}`;

/**
 * SPEC §3, decision 016: the token pair in cookies every tab reads (Path=/, not HttpOnly: the PWA sends the token
 * itself). `remember` says that "remember me" was chosen, so a refresh writes the new pair for as long.
 */
export const SESSION_COOKIE = {
  access: 'accessToken',
  refresh: 'refreshToken',
  expiresAt: 'accessTokenExpiresAt',
  remember: 'rememberSession',
} as const;

/** The token pair the session's cookies hold, read by `read` (the browser's cookies, or a request's), or null. */
export const tokensFrom = (read: (name: string) => string | null | undefined): TokenPair | null => {
  const accessToken = read(SESSION_COOKIE.access);
  const refreshToken = read(SESSION_COOKIE.refresh);
  const expiresAt = Number(read(SESSION_COOKIE.expiresAt));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt)) return null;
  return { accessToken, refreshToken, accessTokenExpiresAt: expiresAt };
};

/** "Remember me": the cookies outlive the browser session for this long; otherwise they end with it. */
export const REMEMBER_SECONDS = 30 * 24 * 3600;

/** One cookie as `document.cookie` takes it and a Set-Cookie header carries it; no age: ends with the browser. */
export const cookieText = (name: string, value: string, maxAgeSeconds?: number, secure?: boolean) =>
  `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`}${secure ? '; Secure' : ''}`;

/** The cookies of a sign-in or a refresh, in SESSION_COOKIE's order; `secure` on https. Not remembered: the remember cookie is deleted. */
export const sessionCookies = (pair: TokenPair, remember: boolean, secure: boolean): string[] => {
  const age = remember ? REMEMBER_SECONDS : undefined;
  const values = [pair.accessToken, pair.refreshToken, pair.accessTokenExpiresAt, remember ? 1 : ''];
  return Object.values(SESSION_COOKIE).map((name, index) => cookieText(name, String(values[index]), index < 3 ? age : (age ?? 0), secure));
};

// Any base will do: only whether a target leaves it is asked.
const HERE = 'http://x';

/**
 * A `redirect` value is followed only to a path of this site. Read as a browser reads a Location (tabs and line
 * breaks dropped, `\` as `/`), so `/\t/evil.example` is another site too; answers the path as the browser would go to it.
 */
export const safeRedirect = (target: unknown): string => {
  const path = String(target);
  if (!path.startsWith('/')) return '/';
  try {
    const { origin, href } = new URL(path, HERE);
    return origin === HERE ? href.slice(HERE.length) : '/';
  } catch {
    return '/';
  }
};

/** The admin area: where marketplace staff start (decision 015). */
export const STAFF_HOME = '/admin';

/**
 * Where a sign-in lands: the deep link that sent the person to sign in, else staff's home, else `/` (where the index
 * route sends a till-only person on to the till, decision 066).
 */
export const signInLanding = (redirect: string | undefined, staff: boolean): string =>
  redirect ? safeRedirect(redirect) : staff ? STAFF_HOME : '/';

/** What a refused form post brings back to its page, in its address: the code and the e-mail, never the password. */
export interface SignInRefusal {
  /** The refusal's code (the error catalogue's). */
  error: string;
  email?: string;
  redirect?: string;
}

export const refusalLocation = ({ error, email, redirect }: SignInRefusal, page = SIGN_IN_PATH): string => {
  const search = new URLSearchParams();
  if (redirect) search.set('redirect', redirect);
  search.set('error', error);
  if (email) search.set('email', email);
  return `${page}?${search}`;
};
