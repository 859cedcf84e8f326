import { useRouter, type RegisteredRouter, type RouteById, type RouteIds } from '@tanstack/react-router';
import type { MessageId } from '@/lib/message-id';
import type { MenuSlot, Viewer } from '@/lib/router-meta';
import { verdict } from '@/lib/verdict';
import { useShell } from './use-shell';

type RouteTree = RegisteredRouter['routeTree'];
/** Any route of the app's route tree, with its typed path. */
export type AppRoute = RouteById<RouteTree, RouteIds<RouteTree>>;

/** A link to a page: `to` is the path of the route that claims the place. */
export interface MenuLink {
  id: MenuSlot;
  labelId: MessageId;
  to: AppRoute['to'];
  /** Path prefixes that also highlight the entry (besides its own path and the paths below it). */
  activeFor?: readonly string[];
  /** Highlighted on its own path only (a home page). */
  exact?: boolean;
}

export interface MenuGroup {
  id: string;
  labelId: MessageId;
  activeFor: readonly string[];
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

/** The menu places a viewer may open, each with the path of the page that claims it. */
export type OpenPlaces = ReadonlyMap<MenuSlot, AppRoute['to']>;

type Place = Omit<MenuLink, 'to'>;
interface GroupPlace extends Omit<MenuGroup, 'children'> {
  places: readonly Place[];
}

const place = (id: MenuSlot, labelId: MessageId, more: Pick<Place, 'activeFor' | 'exact'> = {}): Place => ({ id, labelId, ...more });

/**
 * SPEC §2 "Side menu", in its order. A place shows once a route claims it
 * (`staticData.menu`) and the viewer may open that route, so a section's entry
 * appears with its route file and obeys the route's access: widgets and users
 * for admins with a company, analytics with a company (sales and the liability for
 * admins and accountants), integrations (API keys) for admins with a company, companies for admins.
 */
export const SIDE_MENU: readonly (Place | GroupPlace)[] = [
  place('dashboard', 'menu.dashboard', { exact: true }),
  // Decision 22: the certificates group holds certificates, widgets and the marketing materials made of them, and is
  // highlighted on all their pages.
  {
    id: 'certificatesGroup',
    labelId: 'menu.certificatesGroup',
    activeFor: ['/certificates', '/widgets', '/widget', '/marketing'],
    places: [
      place('certificates', 'menu.certificates'),
      place('widgets', 'menu.widgets', { activeFor: ['/widget'] }),
      place('marketing', 'menu.marketing'),
    ],
  },
  {
    id: 'analyticsGroup',
    labelId: 'menu.analyticsGroup',
    activeFor: ['/analytics'],
    places: [
      place('analyticsSales', 'menu.analyticsSales'),
      place('analyticsRedemption', 'menu.analyticsRedemption'),
      place('analyticsLiability', 'menu.analyticsLiability'),
      place('analyticsAudit', 'menu.audit'),
      place('analyticsSchedules', 'menu.analyticsSchedules'),
    ],
  },
  place('redemption', 'menu.redemption'),
  place('users', 'menu.users'),
  // Issue 32: what the company's own systems connect to: its API keys and its webhooks, for admins with a company.
  {
    id: 'integrationsGroup',
    labelId: 'menu.integrationsGroup',
    activeFor: ['/integrations'],
    places: [place('integrationsKeys', 'menu.integrationsKeys'), place('webhooks', 'menu.webhooks')],
  },
  place('companies', 'menu.companies'),
];

/** The bottom of the side menu (the instruction link, a document, sits above it). */
export const SIDE_MENU_BOTTOM: readonly Place[] = [place('settings', 'menu.settings')];

/** SPEC §2 "Admin layout": Home and Products, and the companies waiting for moderation (issue 10). */
export const ADMIN_MENU: readonly Place[] = [
  place('adminHome', 'admin.home', { exact: true }),
  place('adminCompanies', 'admin.companies'),
  place('adminProducts', 'admin.products'),
];

export function openPlaces(routes: readonly AppRoute[], viewer: Viewer): OpenPlaces {
  const open = new Map<MenuSlot, AppRoute['to']>();
  for (const route of routes) {
    const { menu, access } = route.options.staticData ?? {};
    if (menu && access && verdict(access, viewer) === 'open') open.set(menu, route.to);
  }
  return open;
}

/** The places the signed-in person may open, read from the routes' own declarations. */
export function useOpenPlaces(): OpenPlaces {
  const { viewer } = useShell();
  return openPlaces(Object.values(useRouter().routesById), viewer);
}

/** The entries of a layout without groups, in its order. */
export const menuLinks = (places: readonly Place[], open: OpenPlaces): MenuLink[] =>
  places.flatMap((item) => {
    const to = open.get(item.id);
    return to ? [{ ...item, to }] : [];
  });

/** The entries of a layout with groups; a group shows when one of its places does. */
export const buildMenu = (layout: readonly (Place | GroupPlace)[], open: OpenPlaces): MenuEntry[] =>
  layout.flatMap((item): MenuEntry[] => {
    if (!('places' in item)) return menuLinks([item], open);
    const { places, ...group } = item;
    const children = menuLinks(places, open);
    return children.length > 0 ? [{ ...group, children }] : [];
  });

/** Every entry id, groups and their children in order (what the tests compare). */
export const menuIds = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((entry) => [entry.id, ...('children' in entry ? entry.children.map((child) => child.id) : [])]);

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

export const isEntryActive = (entry: Pick<MenuLink, 'activeFor' | 'exact'> & { to?: string }, pathname: string): boolean =>
  (entry.to !== undefined && (entry.exact ? pathname === entry.to : within(pathname, entry.to))) ||
  (entry.activeFor ?? []).some((prefix) => within(pathname, prefix));
