import type { Role } from '@/contract/enums';

/** Route metadata (TanStack `staticData`): the page title's message id and who may open the route. */
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleId?: string;
    /** Any one of these roles opens the route; without the list everyone signed in may. */
    roles?: Role[];
    /** Marketplace staff only (the admin area). */
    staff?: boolean;
  }
}

/** The public routes: open without a session (SPEC §2). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/login',
  '/register',
  '/password-reset-email',
  '/password-reset-code',
  '/password-reset',
  '/confirm-email',
  '/auth-correction',
  '/403',
  '/404',
]);

/** A `redirect` search value is followed only when it stays on this site. */
export const safeRedirect = (target: unknown): string =>
  typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';

export const hasAnyRole = (granted: readonly Role[], required: readonly Role[] | undefined): boolean =>
  !required || required.length === 0 || required.some((role) => granted.includes(role));
