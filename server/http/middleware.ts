import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv, Deps } from '../deps';
import { authenticate } from '../modules/auth/tokens';
import { AppError } from './errors';

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

/** The caller's address, from the proxy's header only when we are told to trust it. */
export const clientIp =
  (trustProxy: boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    let ip = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    // The header is client-controlled text that becomes part of rate-limit keys: anything but an
    // address (e.g. 8 KB of junk, past the database's index-row limit) falls back to the socket.
    if (ip && !isIP(ip)) ip = undefined;
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address;
      } catch {
        ip = undefined; // requests made in-process (tests) have no socket
      }
    }
    c.set('clientIp', ip || 'unknown');
    await next();
  };

/** JSON bodies only: anything else with a body is refused before it is read. */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) {
    const length = c.req.header('content-length');
    const type = c.req.header('content-type');
    // A declared type must be JSON; with no type, only an empty body passes.
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    const json = type !== undefined && /^application\/json\s*(;|$)/i.test(type);
    if ((type !== undefined || hasBody) && !json) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  await next();
};
