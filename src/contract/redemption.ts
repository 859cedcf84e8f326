/** Redemption rules the PWA and the server both apply (decision 26); who may check, redeem and see whose redemptions is in ./access.ts. */

/** Numbers are typed at the till and printed in groups: spaces and dashes are dropped, letters compared upper-case. */
export const normalizeCertificateNumber = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();
