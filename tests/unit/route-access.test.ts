// @vitest-environment jsdom
// (a browser's router: on a server, TanStack Router answers redirects instead of following them)
import type { Role } from '@contract/enums';
import type { SupplierListItem } from '@contract/schemas/supplier';
import { createMemoryHistory, createRouter, isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MENU, buildMenu, menuIds, menuLinks, openPlaces, SIDE_MENU, SIDE_MENU_BOTTOM } from '@/features/shell/menu';
import { currentViewer } from '@/lib/access';
import type * as Locale from '@/lib/locale';
import type { Access, Verdict, Viewer } from '@/lib/router-meta';
import { userStore } from '@/lib/session';
import type * as Session from '@/lib/session';
import { supplierStore } from '@/lib/suppliers';
import { verdict } from '@/lib/verdict';
import { guardRoute } from '@/routes/-guard';
import { routeTree } from '@/routeTree.gen';

/**
 * Every page of the route tree × every kind of viewer: the guard's answer is
 * what the page's declared access says, and the menus list exactly the pages
 * the guard opens. The guard's I/O is stubbed (the session cookie, the account
 * call, the messages); who is looking is set in the real stores it reads.
 */
const session = vi.hoisted(() => ({ active: false }));
vi.mock('@/lib/session', async (importOriginal) => ({ ...(await importOriginal<typeof Session>()), hasSession: () => session.active }));
vi.mock('@/lib/queries', () => ({ ensureAccount: () => Promise.resolve('ready') }));
vi.mock('@/lib/query-client', () => ({ queryClient: {}, wipeQueryCache: () => Promise.resolve() }));
// The service worker's registration is a module of the PWA build only (nothing here renders the install entry).
vi.mock('@/lib/pwa', () => ({ needsIosInstallHint: () => false }));
vi.mock('@/lib/locale', async (importOriginal) => ({
  ...(await importOriginal<typeof Locale>()),
  includeMessages: () => Promise.resolve(),
}));

const router = createRouter({ routeTree, history: createMemoryHistory(), notFoundMode: 'root' });
const routes = Object.values(router.routesById);
/** Pages: the routes that render a screen of their own (layouts have children). */
const pages = routes.filter((route) => !route.children);
/** Paths of sections not built yet and paths that never will be: no page matches them (checked below). */
const UNKNOWN_PATHS = [
  '/certificate/7',
  '/widget',
  '/analytics/other',
  '/users/user',
  '/users/invite/5',
  '/companies/supplier',
  '/admin/product/7',
  '/content/terms',
  '/no/such/page',
];

const ROLE_NAMES: Record<Role, string> = { roleAdmin: 'admin', roleAccountant: 'accountant', roleRedeemer: 'redeemer' };
const member = (role: Role, company: boolean): [string, Viewer] => [
  `${ROLE_NAMES[role]} ${company ? 'with' : 'without'} a company`,
  { roles: [role], staff: false, company },
];
const VIEWERS: [string, Viewer | null][] = [
  ['anonymous', null],
  ...(['roleAdmin', 'roleAccountant', 'roleRedeemer'] as const).flatMap((role) => [member(role, true), member(role, false)]),
  // Marketplace staff get no supplier role (decision 077) unless a company made them a member.
  ['marketplace staff', { roles: [], staff: true, company: false }],
  ['marketplace staff whom a company made its admin', { roles: ['roleAdmin'], staff: true, company: true }],
];

const company = (roles: Role[]): SupplierListItem => ({
  supplierId: 's1',
  supplierName: 'Shop',
  name: 'shop',
  status: 'active',
  roles,
  childrenSupplierList: { children: [] },
});

/** Puts `viewer` where the guard looks: the session, the user store, the company list. */
function signIn(viewer: Viewer | null): void {
  session.active = viewer !== null;
  const roles = viewer ? [...viewer.roles] : null;
  const user = viewer && {
    id: 'u1',
    firstName: 'Ann',
    secondName: 'Lee',
    email: 'ann@example.test',
    phone: '',
    region: 'ru' as const,
    roles: [...viewer.roles],
    memberships: [],
    isStaff: viewer.staff,
  };
  userStore.set((state) => ({ ...state, user, roles }));
  supplierStore.set(viewer?.company ? { items: [company([...viewer.roles])], selectedId: 's1' } : { items: [], selectedId: null });
}

const REDIRECT_ANSWERS: Record<string, Verdict> = { '/login': 'signIn', '/403': 'forbidden', '/': 'noCompany' };

/** The guard's answer for `path`, as the root route's beforeLoad gets it. */
async function guardAnswer(path: string): Promise<Verdict | string> {
  const location = router.parseLocation(createMemoryHistory({ initialEntries: [path] }).location);
  try {
    await guardRoute({ location, matches: router.matchRoutes(location) });
    return 'open';
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    const { to, search } = thrown.options;
    const answer = REDIRECT_ANSWERS[String(to)];
    if (answer === 'signIn') expect(search).toEqual({ redirect: path });
    return answer ?? `a redirect to ${String(to)}`;
  }
}

/** A page's path with its parameters filled in. */
const samplePath = (to: string) => to.replace(/\$\w+/g, '1');

afterEach(() => signIn(null));

describe('every route declares its access and title', () => {
  it.each(pages.map((route) => [route.id, route] as const))('%s', (_id, route) => {
    expect(route.options.staticData?.access).toBeDefined();
    expect(route.options.staticData?.titleId).toBeDefined();
  });

  it('a layout fixes what its pages may declare', () => {
    const staffOnly = (access: Access) => typeof access === 'object' && access.can === 'moderate';
    const allowed = (id: string): ((access: Access) => boolean) =>
      id.startsWith('/admin')
        ? staffOnly
        : id.startsWith('/_app')
          ? (access) => access !== 'public' && !staffOnly(access)
          : (access) => access === 'public';
    for (const route of pages) expect(allowed(route.id)(route.options.staticData!.access!), route.id).toBe(true);
  });

  it('no page matches the unknown paths of this test (when a section lands, pick paths it does not serve)', () => {
    for (const path of UNKNOWN_PATHS)
      expect(
        router.matchRoutes(path).filter((match) => match.staticData.access),
        path,
      ).toEqual([]);
  });

  it('a menu place is claimed by one page at most', () => {
    const claimed = pages.flatMap((route) => route.options.staticData?.menu ?? []);
    expect(new Set(claimed).size).toBe(claimed.length);
  });
});

describe.each(VIEWERS)('the guard for %s', (_name, viewer) => {
  beforeEach(() => signIn(viewer));

  it('is given this viewer by the stores', () => {
    if (viewer) expect(currentViewer()).toEqual(viewer);
  });

  it.each(pages.map((route) => [route.fullPath, route] as const))('%s answers as the route declares', async (_path, route) => {
    expect(await guardAnswer(samplePath(route.to))).toBe(verdict(route.options.staticData!.access!, viewer));
  });

  it('sends an anonymous viewer to sign in from any unknown path, and lets a signed-in one see 404', async () => {
    for (const path of UNKNOWN_PATHS) expect(await guardAnswer(path), path).toBe(viewer ? 'open' : 'signIn');
  });
});

// The menus live in the signed-in layouts: the anonymous viewer sees none.
describe.each(VIEWERS.filter((entry): entry is [string, Viewer] => entry[1] !== null))('the menus for %s', (_name, viewer) => {
  beforeEach(() => signIn(viewer));

  it('list exactly the pages with a menu place that the guard opens', async () => {
    const places = openPlaces(routes, viewer);
    const listed = [...buildMenu(SIDE_MENU, places), ...menuLinks(SIDE_MENU_BOTTOM, places), ...menuLinks(ADMIN_MENU, places)].flatMap(
      (entry) => ('to' in entry ? [entry] : entry.children),
    );
    const opened: string[] = [];
    for (const route of pages)
      if (route.options.staticData?.menu && (await guardAnswer(route.to)) === 'open') opened.push(route.options.staticData.menu);
    expect(menuIds(listed).sort()).toEqual(opened.sort());
  });
});

describe('staff and the supplier-only pages (decision 077)', () => {
  const paths = (viewer: Viewer) =>
    pages.filter((route) => verdict(route.options.staticData!.access!, viewer) === 'open').map((route) => route.fullPath);

  it('opens no company page to staff of no company, and the company wizard to no staff member', () => {
    const alone = paths({ roles: [], staff: true, company: false });
    expect(alone.filter((path) => path.startsWith('/companies') || path.startsWith('/users') || path.startsWith('/certificates'))).toEqual(
      [],
    );
    expect(alone).toContain('/admin/companies/');
    const admin = paths({ roles: ['roleAdmin'], staff: true, company: true });
    expect(admin).toContain('/companies/');
    expect(admin).not.toContain('/companies/add');
    expect(paths({ roles: ['roleAdmin'], staff: false, company: true })).toContain('/companies/add');
  });
});

describe('the guard sits in the root route', () => {
  // What RouterProvider does: every history change loads (a redirect is one).
  const visit = async (path: string) => {
    const stop = router.history.subscribe(() => void router.load());
    await router.navigate({ href: path });
    await vi.waitFor(() => expect(router.state.status).toBe('idle'));
    stop();
  };

  it('sends an anonymous deep link to /login with the way back, unknown paths too', async () => {
    signIn(null);
    for (const path of ['/account/info', '/admin', '/users/user/5', '/no/such/page']) {
      await visit(path);
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toEqual({ redirect: path });
    }
  });

  it('shows a signed-in viewer the 404 page on an unknown path', async () => {
    signIn({ roles: ['roleRedeemer'], staff: false, company: true });
    await visit('/no/such/page');
    expect(router.state.location.pathname).toBe('/no/such/page');
    // Only the root matches: its notFoundComponent, the 404 page, shows.
    expect(router.state.matches.map((match) => match.routeId)).toEqual(['__root__']);
  });
});

describe('the companies pages (issue 10)', () => {
  const COMPANY_PAGES = ['/companies', '/companies/add', '/companies/add?supplierId=1&edit=true', '/companies/supplier/1'];
  const MODERATION_PAGES = ['/admin/companies', '/admin/companies/1'];
  const admin = (company: boolean): Viewer => ({ roles: ['roleAdmin'], staff: false, company });

  it.each<[string, Viewer | null, Verdict, Verdict]>([
    ['an admin with a company', admin(true), 'open', 'forbidden'],
    // A new account is an admin of no company yet: creating its first one is what these pages are for.
    ['an admin without a company', admin(false), 'open', 'forbidden'],
    ['an accountant', { roles: ['roleAccountant'], staff: false, company: true }, 'forbidden', 'forbidden'],
    ['a redeemer', { roles: ['roleRedeemer'], staff: false, company: true }, 'forbidden', 'forbidden'],
    // Staff have no supplier role of their own (decision 077): the moderation pages only.
    ['marketplace staff', { roles: [], staff: true, company: false }, 'forbidden', 'open'],
    ['nobody', null, 'signIn', 'signIn'],
  ])('%s: companies %s, moderation %s', async (_name, viewer, companies, moderation) => {
    signIn(viewer);
    for (const path of COMPANY_PAGES) expect(await guardAnswer(path), path).toBe(companies);
    for (const path of MODERATION_PAGES) expect(await guardAnswer(path), path).toBe(moderation);
  });
});

describe('the users pages and the invitation link (issue 11)', () => {
  const USER_PAGES = ['/users', '/users?search=ann&page=2', '/users/add', '/users/user/1'];

  it.each<[string, Viewer | null, Verdict]>([
    ['an admin with a company', { roles: ['roleAdmin'], staff: false, company: true }, 'open'],
    // Whose people? A company has to be chosen first (only admins of no company would get here).
    ['an admin without a company', { roles: ['roleAdmin'], staff: false, company: false }, 'noCompany'],
    ['an accountant', { roles: ['roleAccountant'], staff: false, company: true }, 'forbidden'],
    ['a redeemer', { roles: ['roleRedeemer'], staff: false, company: true }, 'forbidden'],
    ['marketplace staff', { roles: ['roleAdmin'], staff: true, company: false }, 'noCompany'],
    ['nobody', null, 'signIn'],
  ])('%s: users pages %s, the invitation link open', async (_name, viewer, users) => {
    signIn(viewer);
    for (const path of USER_PAGES) expect(await guardAnswer(path), path).toBe(users);
    expect(await guardAnswer('/invitation?token=abc')).toBe('open');
  });
});

describe('the analytics pages (issue 13)', () => {
  const SALES_PAGES = ['/analytics/sales', '/analytics/sales?period=week&search=123&sort=balance&order=asc&page=2', '/analytics/liability'];
  const REDEMPTION_PAGES = ['/analytics/redemption', '/analytics/redemption?from=2026-11-01&to=2026-11-23'];
  const member = (roles: Role[], company = true): Viewer => ({ roles, staff: false, company });

  it.each<[string, Viewer | null, Verdict, Verdict]>([
    ['an admin', member(['roleAdmin']), 'open', 'open'],
    ['an accountant', member(['roleAccountant']), 'open', 'open'],
    // SPEC §6: a redeemer reads the redemption report only.
    ['a redeemer', member(['roleRedeemer']), 'forbidden', 'open'],
    ['an accountant without a company', member(['roleAccountant'], false), 'noCompany', 'noCompany'],
    ['marketplace staff', { roles: ['roleAdmin'], staff: true, company: false }, 'noCompany', 'noCompany'],
    ['nobody', null, 'signIn', 'signIn'],
  ])('%s: sales and liability %s, redemption %s', async (_name, viewer, sales, redemption) => {
    signIn(viewer);
    for (const path of SALES_PAGES) expect(await guardAnswer(path), path).toBe(sales);
    for (const path of REDEMPTION_PAGES) expect(await guardAnswer(path), path).toBe(redemption);
  });
});

describe('verdict', () => {
  const redeemer: Viewer = { roles: ['roleRedeemer'], staff: false, company: true };
  it.each<[Access, Viewer | null, Verdict]>([
    ['public', null, 'open'],
    ['signedIn', null, 'signIn'],
    [{ can: 'checkCertificates', company: true }, null, 'signIn'],
    ['signedIn', redeemer, 'open'],
    [{ can: 'moderate' }, redeemer, 'forbidden'],
    [{ can: 'moderate' }, { ...redeemer, staff: true }, 'open'],
    [{ can: 'redeem' }, redeemer, 'open'],
    [{ can: 'manageCompany' }, redeemer, 'forbidden'],
    [{ can: 'manageUsers', company: true }, { ...redeemer, company: false }, 'forbidden'],
    [{ can: 'checkCertificates', company: true }, { ...redeemer, company: false }, 'noCompany'],
    [{ can: 'readRedemptions', company: true }, redeemer, 'open'],
    // Staff create no company, whatever roles a company gave them (decision 077).
    [{ can: 'createCompany' }, { roles: ['roleAdmin'], staff: true, company: true }, 'forbidden'],
    [{ can: 'createCompany' }, { roles: ['roleAdmin'], staff: false, company: false }, 'open'],
  ])('%j for %j: %s', (access, viewer, expected) => {
    expect(verdict(access, viewer)).toBe(expected);
  });
});
