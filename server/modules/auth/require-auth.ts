import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authenticate, verifyAccessToken } from './tokens';

const bearerOf = (header: string | undefined): string => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new AppError('UNAUTHORIZED');
  return match[1]!;
};

/** Requires a valid bearer access token on a live login; sets `auth`. */
export const requireAuth =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('auth', await authenticate(deps, bearerOf(c.req.header('authorization'))));
    await next();
  };

/**
 * Requires a valid bearer access token and sets its `claims`, leaving the
 * login to the route's own first statement (`confirmLogin`): the till's check
 * and redemption read login, membership and certificate in one round trip.
 */
export const requireToken =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('claims', verifyAccessToken(deps, bearerOf(c.req.header('authorization'))));
    await next();
  };
