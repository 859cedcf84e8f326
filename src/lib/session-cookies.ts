import type { TokenPair } from '@contract/schemas/auth';
import { SESSION_COOKIE } from '@contract/sign-in';
import { readCookie } from './storage';

/**
 * SPEC §3: the token pair lives in cookies (path /), so every tab sees the same one. Alone in this module so that the
 * first-paint script (src/first-paint.ts) can tell a signed-in visit without the session's machinery.
 */
export const tokensFrom = (read: (name: string) => string | null | undefined): TokenPair | null => {
  const accessToken = read(SESSION_COOKIE.access);
  const refreshToken = read(SESSION_COOKIE.refresh);
  const expiresAt = Number(read(SESSION_COOKIE.expiresAt));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt)) return null;
  return { accessToken, refreshToken, accessTokenExpiresAt: expiresAt };
};

export const readTokens = (): TokenPair | null => tokensFrom(readCookie);

export const hasSession = (): boolean => readTokens() !== null;
