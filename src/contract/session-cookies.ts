import type { TokenPair } from './schemas/auth';

/**
 * SPEC §3: the token pair lives in cookies (path /), so every tab sees the same one. Alone in this module so that the
 * first-paint script (src/first-paint.ts) can tell a signed-in visit without the session's machinery.
 */
export const COOKIE = { access: 'accessToken', refresh: 'refreshToken', expiresAt: 'accessTokenExpiresAt' } as const;

export const tokensFrom = (read: (name: string) => string | null | undefined): TokenPair | null => {
  const accessToken = read(COOKIE.access);
  const refreshToken = read(COOKIE.refresh);
  const expiresAt = Number(read(COOKIE.expiresAt));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt)) return null;
  return { accessToken, refreshToken, accessTokenExpiresAt: expiresAt };
};
