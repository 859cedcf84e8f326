import type { TokenPair } from '@contract/schemas/auth';
import { tokensFrom } from '@contract/session-cookies';
import { readCookie } from './storage';

/** The browser's session cookies, read (the names and their reading in src/contract/session-cookies.ts, shared with the server). */
export const readTokens = (): TokenPair | null => tokensFrom(readCookie);

export const hasSession = (): boolean => readTokens() !== null;
