import type { TokenPair } from '@contract/schemas/auth';
import { tokensFrom } from '@contract/sign-in';
import { readCookie } from './storage';

/**
 * SPEC §3: the token pair lives in cookies (path /), so every tab sees the same one (their names and reading in
 * src/contract/sign-in.ts, shared with the server). Alone in this module so that the first-paint script
 * (src/first-paint.ts) can tell a signed-in visit without the session's machinery.
 */
export const readTokens = (): TokenPair | null => tokensFrom(readCookie);

export const hasSession = (): boolean => readTokens() !== null;
