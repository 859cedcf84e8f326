import { describe, expect, it } from 'vitest';
import type { Role } from '@/contract/enums';
import { buildMenu, isEntryActive, visibleMenuIds } from '@/features/shell/menu';

/** SPEC §2 "Side menu" and §6, every role with and without a selected company. */
const matrix: [string, Role[], boolean, string[]][] = [
  ['admin', ['roleAdmin'], true, ['dashboard', 'certificatesGroup', 'certificates', 'widgets', 'analyticsGroup', 'analyticsSales', 'analyticsRedemption', 'redemption', 'users', 'companies']],
  ['admin', ['roleAdmin'], false, ['dashboard', 'companies']],
  ['accountant', ['roleAccountant'], true, ['dashboard', 'analyticsGroup', 'analyticsSales', 'analyticsRedemption', 'redemption']],
  ['accountant', ['roleAccountant'], false, ['dashboard']],
  ['redeemer', ['roleRedeemer'], true, ['dashboard', 'analyticsGroup', 'analyticsRedemption', 'redemption']],
  ['redeemer', ['roleRedeemer'], false, ['dashboard']],
  ['accountant+redeemer', ['roleAccountant', 'roleRedeemer'], true, ['dashboard', 'analyticsGroup', 'analyticsSales', 'analyticsRedemption', 'redemption']],
  ['nobody', [], true, ['dashboard', 'redemption']],
];

describe('menu visibility', () => {
  it.each(matrix)('%s, company selected: %s', (_name, roles, hasCompany, expected) => {
    expect(visibleMenuIds({ roles, hasCompany })).toEqual(expected);
  });

  it('never shows an empty group', () => {
    for (const [, roles, hasCompany] of matrix) {
      for (const entry of buildMenu({ roles, hasCompany })) if (entry.children) expect(entry.children.length).toBeGreaterThan(0);
    }
  });

  it('highlights the certificates group on certificate and widget pages', () => {
    const group = buildMenu({ roles: ['roleAdmin'], hasCompany: true }).find((entry) => entry.id === 'certificatesGroup')!;
    expect(isEntryActive(group, '/certificates/add/denominations')).toBe(true);
    expect(isEntryActive(group, '/widget/12')).toBe(true);
    expect(isEntryActive(group, '/widgets')).toBe(true);
    expect(isEntryActive(group, '/users')).toBe(false);
    const dashboard = buildMenu({ roles: [], hasCompany: false })[0]!;
    expect(isEntryActive(dashboard, '/')).toBe(true);
    expect(isEntryActive(dashboard, '/users')).toBe(false);
  });
});
