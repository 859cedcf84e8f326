import type { Role } from '@contract/enums';
import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, buildMenu, isEntryActive, menuIds, menuLinks, openPlaces, SIDE_MENU } from '@/features/shell/menu';
import { routeTree } from '@/routeTree.gen';

const routes = Object.values(createRouter({ routeTree }).routesById);
const sideMenu = (roles: Role[], company: boolean, staff = false) => buildMenu(SIDE_MENU, openPlaces(routes, { roles, company, staff }));

/**
 * SPEC §2 "Side menu" and §6, every role with and without a selected company.
 * An entry exists once its section's route does: the expectations keep the
 * whole of SPEC and are cut to the places that a route claims, so each section
 * is checked against SPEC as its route lands. tests/unit/route-access.test.ts
 * checks that the menus list exactly what the guard opens.
 */
const matrix: [string, Role[], boolean, string[]][] = [
  [
    'admin',
    ['roleAdmin'],
    true,
    [
      'dashboard',
      'certificatesGroup',
      'certificates',
      'widgets',
      'marketing',
      'analyticsGroup',
      'analyticsSales',
      'analyticsRedemption',
      'analyticsLiability',
      'analyticsAudit',
      'analyticsSchedules',
      'redemption',
      'users',
      'integrationsGroup',
      'integrationsKeys',
      'webhooks',
      'companies',
    ],
  ],
  ['admin', ['roleAdmin'], false, ['dashboard', 'companies']],
  [
    'accountant',
    ['roleAccountant'],
    true,
    [
      'dashboard',
      'analyticsGroup',
      'analyticsSales',
      'analyticsRedemption',
      'analyticsLiability',
      'analyticsAudit',
      'analyticsSchedules',
      'redemption',
    ],
  ],
  ['accountant', ['roleAccountant'], false, ['dashboard']],
  ['redeemer', ['roleRedeemer'], true, ['dashboard', 'analyticsGroup', 'analyticsRedemption', 'redemption']],
  ['redeemer', ['roleRedeemer'], false, ['dashboard']],
  [
    'accountant+redeemer',
    ['roleAccountant', 'roleRedeemer'],
    true,
    [
      'dashboard',
      'analyticsGroup',
      'analyticsSales',
      'analyticsRedemption',
      'analyticsLiability',
      'analyticsAudit',
      'analyticsSchedules',
      'redemption',
    ],
  ],
  // The till needs a role that checks certificates (every role does; the server asks the same, decision 084).
  ['nobody', [], true, ['dashboard']],
];

const claimed = new Set<string>(routes.flatMap((route) => route.options.staticData?.menu ?? []));
const groupOf = new Map<string, string>(
  SIDE_MENU.flatMap((item) => ('places' in item ? item.places.map((child) => [child.id, item.id] as const) : [])),
);
/** SPEC's entries whose route exists: a group stays when one of its listed children does. */
const built = (ids: string[]) =>
  ids.filter((id) => claimed.has(id) || ids.some((child) => groupOf.get(child) === id && claimed.has(child)));

describe('menu visibility', () => {
  it.each(matrix)('%s %j, company selected: %s', (_name, roles, company, expected) => {
    expect(menuIds(sideMenu(roles, company))).toEqual(built(expected));
  });

  it('shows the admin navigation to marketplace staff only', () => {
    expect(menuIds(menuLinks(ADMIN_MENU, openPlaces(routes, { roles: [], company: false, staff: true })))).toEqual([
      'adminHome',
      'adminCompanies',
      'adminProducts',
    ]);
    expect(menuLinks(ADMIN_MENU, openPlaces(routes, { roles: ['roleAdmin'], company: true, staff: false }))).toEqual([]);
  });

  it('never shows an empty group', () => {
    for (const [, roles, company] of matrix) {
      for (const entry of sideMenu(roles, company)) if ('children' in entry) expect(entry.children.length).toBeGreaterThan(0);
    }
  });

  it('highlights an entry on its pages, a home entry on its own path only, a group on its sections', () => {
    const entries = sideMenu(['roleRedeemer'], true);
    const [dashboard, redemption] = ['dashboard', 'redemption'].map((id) => entries.find((entry) => entry.id === id));
    expect(isEntryActive(dashboard!, '/')).toBe(true);
    expect(isEntryActive(dashboard!, '/redemption')).toBe(false);
    expect(isEntryActive(redemption!, '/redemption')).toBe(true);
    expect(isEntryActive(redemption!, '/redemptions')).toBe(false);
    const certificates = SIDE_MENU.find((item) => item.id === 'certificatesGroup')!;
    expect(isEntryActive(certificates, '/certificates/add/denominations')).toBe(true);
    expect(isEntryActive(certificates, '/widget/12')).toBe(true);
    expect(isEntryActive(certificates, '/widgets')).toBe(true);
    expect(isEntryActive(certificates, '/users')).toBe(false);
    const analytics = SIDE_MENU.find((item) => item.id === 'analyticsGroup')!;
    expect(isEntryActive(analytics, '/analytics/liability')).toBe(true);
    expect(isEntryActive(analytics, '/redemption')).toBe(false);
  });
});
