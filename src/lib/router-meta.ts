import type { Capability } from '@contract/access';
import type { Role } from '@contract/enums';
import type { PageMessages } from './locale';
import type { MessageId } from './message-id';

/**
 * Who may open a page. Every page route declares it in `staticData.access`;
 * the guard (src/routes/-guard.ts), the menus and the session's end read it
 * there, and tests/unit/route-access.test.ts walks every route with every role;
 * tests/unit/access-walk.test.ts checks that the API calls the page makes allow whom it opens to (decision 084).
 */
export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Anyone signed in. */
  | 'signedIn'
  /** Signed in with the capability (src/contract/access.ts), and with a company selected when `company`. */
  | { can: Capability; company?: true };

/** Places of the side menu and the admin navigation; their order and labels are in src/features/shell/menu.ts. */
export type MenuSlot =
  | 'dashboard'
  | 'certificates'
  | 'widgets'
  | 'webhooks'
  | 'marketing'
  | 'analyticsSales'
  | 'analyticsRedemption'
  | 'analyticsLiability'
  | 'analyticsAudit'
  | 'analyticsSchedules'
  | 'redemption'
  | 'users'
  | 'integrationsKeys'
  | 'companies'
  | 'settings'
  | 'adminHome'
  | 'adminCompanies'
  | 'adminProducts';

/** What a redirect tells the page it leads to (TanStack's history state). */
declare module '@tanstack/history' {
  interface HistoryState {
    /** The path the guard turned away for want of a company: the dashboard says so. */
    companyFor?: string;
  }
}

/** Route metadata (TanStack `staticData`). */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title's message id. */
    titleId?: MessageId;
    access?: Access;
    /** The menu place this page fills: a menu shows only places that a route claims. */
    menu?: MenuSlot;
    /** The texts a signed-in page waits for; by default the desktop sections' too (`office`), the till only the `portal` part. */
    messages?: PageMessages;
  }
}

/** The person looking, signed in: what access is decided on. */
export interface Viewer {
  /** The roles that count: the selected company's, else the account's. */
  roles: readonly Role[];
  staff: boolean;
  /** A company is selected in the header. */
  company: boolean;
}

/** The guard's answer: open the page, or send the viewer to sign in, to 403, or home to pick or create a company. */
export type Verdict = 'open' | 'signIn' | 'forbidden' | 'noCompany';

/**
 * The access of the page a location shows: its deepest route's. A path that no
 * page matches counts as a portal path: sign in first, then the 404 page.
 */
export const pageAccess = (matches: ReadonlyArray<{ staticData?: { access?: Access } }>): Access =>
  matches.at(-1)?.staticData?.access ?? 'signedIn';
