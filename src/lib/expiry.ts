/** SPEC §4 and §9: the session's clock rules, as pure functions. */
export const REFRESH_CHECK_INTERVAL_MS = 60_000;
export const NEAR_EXPIRY_WINDOW_MS = 120_000;

/** Expired: the current time is at or past the expiry time. */
export const isExpired = (expiresAt: number, now: number): boolean => now >= expiresAt;

/** Near expiry: expiring within the window (an expired token is near expiry too). */
export const isNearExpiry = (expiresAt: number, now: number, windowMs: number = NEAR_EXPIRY_WINDOW_MS): boolean =>
  expiresAt - now <= windowMs;

/** Whole seconds left on a countdown that ends at `endsAt`, never negative. */
export const secondsLeft = (endsAt: number, now: number): number => Math.max(0, Math.ceil((endsAt - now) / 1000));
