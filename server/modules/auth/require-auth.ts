import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authenticate } from './tokens';

/** Requires a valid bearer access token on a live login; sets `auth`. */
export const requireAuth =
  (deps: Deps): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const header = c.req.header('authorization');
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw new AppError('UNAUTHORIZED');
    c.set('auth', await authenticate(deps, match[1]!));
    await next();
  };
