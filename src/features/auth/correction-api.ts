import type { AuthCorrectionBody } from '@contract/schemas/auth';
import { get, post, publicCall } from '@/lib/http';

// Kept apart from api.ts, which the sign-in page loads first: only /auth-correction makes these calls.

/** Only checks the link: opening it changes nothing. */
export const checkAuthCorrection = (query: { email: string; token: string }) =>
  get('/api/front/auth/auth-correction', { query, ...publicCall });
/** Sets the password and confirms the address. */
export const confirmAuthCorrection = (json: AuthCorrectionBody) => post('/api/front/auth/auth-correction', { json, ...publicCall });
