/**
 * Which part of a language's messages a message ships in (vite.config.ts splits each locale file by it): `public`
 * (what the sign-in and error pages need, loaded first), `portal` (the signed-in layouts and the till, and after the
 * first paint of any page) and `office` (the desktop sections' texts, loaded with their pages; decision 073), so /login
 * and the till stay light. A section's texts follow its pages (decision 091): a namespace that titles pages (their
 * `staticData.titleId`), or extends one that does (`catalogueImages` of `catalogue`), ships in the part its pages wait
 * for, so a new section needs no edit here. Only the texts shared by many pages are named below.
 */
import type { MessageLevel } from '../src/lib/locale';
import { routePages, type PagePlace } from './route-places';

/** Texts of the shell, the account pages and the signed-out pages off the sign-in path (their routes' beforeLoad). */
const PORTAL_NAMESPACES = new Set([
  'menu',
  'header',
  'footer',
  'dashboard',
  'settings',
  'info',
  'admin',
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
  'pagination',
  // Said by a part of src/ui (decision 082), which the till's shell may load.
  'mailDelivery',
]);
/** Texts of the sign-in page and of what every page may show (fields, HTTP failures, toasts). */
const PUBLIC_NAMESPACES = new Set(['login', 'auth', 'field', 'http', 'action', 'a11y', 'state', 'toast', 'app', 'language']);
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

const ORDER: MessageLevel[] = ['public', 'portal', 'office'];
const lowest = (levels: MessageLevel[]): MessageLevel => ORDER[Math.min(...levels.map((level) => ORDER.indexOf(level)))]!;

/** The part of each message, given the pages of the route tree: the sections' namespaces and the titles follow them. */
export const messagePartsOf = (pages: PagePlace[]) => {
  const titled = new Map<string, MessageLevel[]>();
  const titles = new Map<string, MessageLevel>();
  for (const { titleId, level } of pages) {
    const [namespace = '', rest = ''] = titleId?.split('.') ?? [];
    if (namespace === 'title') titles.set(rest, level);
    else if (namespace) titled.set(namespace, [...(titled.get(namespace) ?? []), level]);
  }
  /** A section's namespace, or one extending it by a capitalised word (`catalogueImages` of `catalogue`). */
  const sectionPart = (namespace: string): MessageLevel | undefined => {
    const section = [...titled.keys()].find((name) => namespace === name || new RegExp(`^${name}[A-Z]`).test(namespace));
    return section === undefined ? undefined : lowest(titled.get(section)!);
  };
  return (key: string): MessageLevel => {
    const [namespace = '', rest = ''] = key.split('.');
    if (namespace === 'title') return titles.get(rest) === 'public' ? 'public' : 'portal';
    if (namespace === 'error') return /^[A-Z]/.test(rest) && !PUBLIC_ERROR_CODES.has(rest) ? 'portal' : 'public';
    const part =
      sectionPart(namespace) ?? (PORTAL_NAMESPACES.has(namespace) ? 'portal' : PUBLIC_NAMESPACES.has(namespace) ? 'public' : undefined);
    // A namespace of no page and of no shared list would land in a part by chance: its section's pages say where.
    if (part === undefined)
      throw new Error(`messages: "${key}" is of no section's pages and of no shared namespace (scripts/message-parts.ts)`);
    return part;
  };
};

export const messagePart = messagePartsOf(routePages());
