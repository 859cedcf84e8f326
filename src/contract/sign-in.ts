import type { TokenPair } from './schemas/auth';

/**
 * Signing in, as the PWA and the server's form sign-in (decision 100) both do it: the session's cookies, where a
 * person lands, and what a refused form post carries back to the sign-in page. Values only, no valibot: the sign-in
 * page and the first-paint script load it.
 */

/** The sign-in page, and the form post a page without JavaScript yet sends its form to. */
export const SIGN_IN_PATH = '/login';
export const LOGIN_FORM_PATH = '/api/front/auth/login-form';

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

/** "Remember me": the cookies outlive the browser session for this long; otherwise they end with it. */
export const REMEMBER_SECONDS = 30 * 24 * 3600;

/** One cookie as `document.cookie` takes it and a Set-Cookie header carries it; no age: ends with the browser. */
export const cookieText = (name: string, value: string, { maxAgeSeconds, secure }: { maxAgeSeconds?: number; secure: boolean }) =>
  `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`}${secure ? '; Secure' : ''}`;

/** The cookies of a sign-in or a refresh; `secure` on https. Not remembered: the remember cookie is deleted. */
export const sessionCookies = (pair: TokenPair, remember: boolean, secure: boolean): string[] => {
  const maxAgeSeconds = remember ? REMEMBER_SECONDS : undefined;
  return [
    cookieText(SESSION_COOKIE.access, pair.accessToken, { maxAgeSeconds, secure }),
    cookieText(SESSION_COOKIE.refresh, pair.refreshToken, { maxAgeSeconds, secure }),
    cookieText(SESSION_COOKIE.expiresAt, String(pair.accessTokenExpiresAt), { maxAgeSeconds, secure }),
    cookieText(SESSION_COOKIE.remember, remember ? '1' : '', { maxAgeSeconds: remember ? REMEMBER_SECONDS : 0, secure }),
  ];
};

const HERE = 'http://here.invalid';

/**
 * A `redirect` value is followed only to a path of this site. Read as a browser reads a Location (tabs and line
 * breaks dropped, `\` as `/`), so `/\t/evil.example` is another site too; answers the path as the browser would go to it.
 */
export const safeRedirect = (target: unknown): string => {
  if (typeof target !== 'string' || !target.startsWith('/')) return '/';
  try {
    const url = new URL(target, HERE);
    return url.origin === HERE ? url.pathname + url.search + url.hash : '/';
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

/** What a refused form sign-in brings back to the sign-in page, in its address: the code and the e-mail, never the password. */
export interface SignInRefusal {
  /** The refusal's code (the error catalogue's). */
  error: string;
  email?: string;
  remember?: boolean;
  /** The fields' own codes (a VALIDATION_ERROR), as `email:EMAIL_INVALID,password:REQUIRED`. */
  fields?: Record<string, string>;
  redirect?: string;
}

export const refusalLocation = ({ error, email, remember, fields, redirect }: SignInRefusal): string => {
  const search = new URLSearchParams();
  if (redirect) search.set('redirect', redirect);
  search.set('error', error);
  if (fields && Object.keys(fields).length)
    search.set(
      'fields',
      Object.entries(fields)
        .map(([name, code]) => `${name}:${code}`)
        .join(','),
    );
  if (email) search.set('email', email);
  if (remember) search.set('remember', 'on');
  return `${SIGN_IN_PATH}?${search}`;
};

const CODE = /^[A-Z][A-Z0-9_]*$/;

/** The field codes of a refusal's `fields` text; anything but `name:CODE` pairs is left out. */
export const refusalFields = (text: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (text ?? '')
      .split(',')
      .map((pair) => pair.split(':'))
      .filter((pair): pair is [string, string] => pair.length === 2 && /^\w+$/.test(pair[0]!) && CODE.test(pair[1]!)),
  );

/** A refusal's code as the page may show it: a catalogue-shaped word, else nothing. */
export const refusalCode = (text: string | undefined): string | undefined => (text && CODE.test(text) ? text : undefined);
