import type { Role } from './enums';

/** Redemption rules the PWA and the server both apply (decision 26). */

/** Any member of the company may check a certificate; only these roles may spend (the accountant reads reports). */
export const REDEEM_ROLES: readonly Role[] = ['roleRedeemer', 'roleAdmin'];

export const mayRedeem = (roles: readonly Role[]): boolean => roles.some((role) => REDEEM_ROLES.includes(role));

/** Who sees everyone's redemptions in the till's history; a redeemer sees their own (decision 065). */
export const ALL_REDEMPTIONS_ROLES: readonly Role[] = ['roleAdmin', 'roleAccountant'];

export const maySeeAllRedemptions = (roles: readonly Role[]): boolean => roles.some((role) => ALL_REDEMPTIONS_ROLES.includes(role));

/** Numbers are typed at the till and printed in groups: spaces and dashes are dropped, letters compared upper-case. */
export const normalizeCertificateNumber = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();
