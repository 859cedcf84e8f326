/**
 * Which part of a language's messages a message ships in (vite.config.ts splits each locale file by it): `public`
 * (what the sign-in and error pages need, loaded first), `portal` (the signed-in layouts and the till, and after the
 * first paint of any page) and `office` (the desktop sections' texts, loaded with their pages; decision 073), so /login
 * and the till stay light.
 */
import type { MessageLevel } from '../src/lib/locale';

// register, reset, code, confirm, correction: signed-out pages off the sign-in path, which load the portal part first
// (their routes' beforeLoad).
const PORTAL_NAMESPACES = new Set([
  'menu',
  'header',
  'footer',
  'dashboard',
  'settings',
  'info',
  'admin',
  'redemption',
  'install',
  'offline',
  'pwa',
  'confirm',
  'correction',
  'register',
  'reset',
  'code',
  'role',
  'invitation',
  'content',
  'marketing',
  'pagination',
  // Said by a part of src/ui (decision 082), which the till's shell may load.
  'mailDelivery',
]);
/** The desktop sections (decision 073): every signed-in page but the till waits for them too. */
const OFFICE_NAMESPACES = new Set([
  'companies',
  'moderation',
  'users',
  'catalogue',
  'catalogueAdmin',
  'catalogueImages',
  'analytics',
  'widgets',
]);
/** Error codes that the sign-in page can meet; every other code's text travels with the portal part. */
const PUBLIC_ERROR_CODES = new Set([
  'BAD_REQUEST',
  'MALFORMED_JSON',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'REQUIRED',
  'EMAIL_INVALID',
  'TOO_LONG',
  'WRONG_TYPE',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'EMAIL_NOT_CONFIRMED',
  'USER_BLOCKED',
  'INVALID_REFRESH_TOKEN',
  'REFRESH_TOKEN_REUSED',
]);
/** Titles of the pages that need no portal part: sign-in and the error screens. */
const PUBLIC_TITLES = new Set(['login', 'notFound', 'forbidden']);
export const messagePart = (key: string): MessageLevel => {
  const [namespace = '', rest = ''] = key.split('.');
  if (OFFICE_NAMESPACES.has(namespace)) return 'office';
  if (namespace === 'title') return PUBLIC_TITLES.has(rest) ? 'public' : 'portal';
  if (namespace === 'error') return /^[A-Z]/.test(rest) && !PUBLIC_ERROR_CODES.has(rest) ? 'portal' : 'public';
  return PORTAL_NAMESPACES.has(namespace) ? 'portal' : 'public';
};
