import type { Role } from '@/contract/enums';

/** SPEC §2 "Side menu", §6: which entries a person sees. */
export interface MenuContext {
  roles: readonly Role[];
  /** A company is selected in the header. */
  hasCompany: boolean;
}

export interface MenuEntry {
  id: string;
  labelId: string;
  to: string;
  /** Path prefixes that highlight the entry besides its own path. */
  activeFor?: string[];
  children?: MenuEntry[];
}

const has = (ctx: MenuContext, ...roles: Role[]) => roles.some((role) => ctx.roles.includes(role));

const onlyIf = (condition: boolean, entry: MenuEntry): MenuEntry[] => (condition ? [entry] : []);

/** A group is shown only when at least one of its entries is. */
const group = (entry: Omit<MenuEntry, 'children'>, children: MenuEntry[]): MenuEntry[] => (children.length > 0 ? [{ ...entry, children }] : []);

export function buildMenu(ctx: MenuContext): MenuEntry[] {
  const admin = has(ctx, 'roleAdmin');
  return [
    { id: 'dashboard', labelId: 'menu.dashboard', to: '/' },
    // The certificates group holds certificates and widgets, and is highlighted on both kinds of pages.
    ...group(
      { id: 'certificatesGroup', labelId: 'menu.certificatesGroup', to: '/certificates', activeFor: ['/certificates', '/widgets', '/widget'] },
      [
        ...onlyIf(ctx.hasCompany && admin, { id: 'certificates', labelId: 'menu.certificates', to: '/certificates' }),
        ...onlyIf(ctx.hasCompany && admin, { id: 'widgets', labelId: 'menu.widgets', to: '/widgets', activeFor: ['/widget'] }),
      ],
    ),
    ...group(
      { id: 'analyticsGroup', labelId: 'menu.analyticsGroup', to: '/analytics/sales', activeFor: ['/analytics'] },
      ctx.hasCompany
        ? [
            ...onlyIf(has(ctx, 'roleAdmin', 'roleAccountant'), { id: 'analyticsSales', labelId: 'menu.analyticsSales', to: '/analytics/sales' }),
            ...onlyIf(has(ctx, 'roleAdmin', 'roleAccountant', 'roleRedeemer'), {
              id: 'analyticsRedemption',
              labelId: 'menu.analyticsRedemption',
              to: '/analytics/redemption',
            }),
          ]
        : [],
    ),
    ...onlyIf(ctx.hasCompany, { id: 'redemption', labelId: 'menu.redemption', to: '/redemption' }),
    ...onlyIf(ctx.hasCompany && admin, { id: 'users', labelId: 'menu.users', to: '/users', activeFor: ['/users'] }),
    ...onlyIf(admin, { id: 'companies', labelId: 'menu.companies', to: '/companies', activeFor: ['/companies'] }),
  ];
}

/** Every visible entry id, groups and their children in order (what the tests compare). */
export const visibleMenuIds = (ctx: MenuContext): string[] =>
  buildMenu(ctx).flatMap((entry) => [entry.id, ...(entry.children ?? []).map((child) => child.id)]);

export const isEntryActive = (entry: MenuEntry, pathname: string): boolean =>
  (entry.to === '/' ? pathname === '/' : pathname === entry.to || pathname.startsWith(`${entry.to}/`)) ||
  (entry.activeFor ?? []).some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
