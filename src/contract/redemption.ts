import type { Role } from './enums';

/** Redemption rules the PWA and the server both apply (decision 26). */

/** Any member of the company may check a certificate; only these roles may spend (the accountant reads reports). */
export const REDEEM_ROLES: readonly Role[] = ['roleRedeemer', 'roleAdmin'];

export const mayRedeem = (roles: readonly Role[]): boolean => roles.some((role) => REDEEM_ROLES.includes(role));

/** Numbers are typed at the till and printed in groups: spaces and dashes are dropped, letters compared upper-case. */
export const normalizeCertificateNumber = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();
