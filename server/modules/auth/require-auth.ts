import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, AuthContext, Deps, SignedInEnv, TokenEnv } from '../../deps';
import { bearerOf } from '../../http/bearer';
import { authenticates } from '../../http/validate';
import { authenticate, verifyAccessToken } from './tokens';

/**
 * Requires a valid bearer access token on a live login; sets `auth`, which only routes behind it can read (its type
 * adds it). A router mounted inside another installs it too: the request is authenticated once, whatever the mounts.
 */
export const requireAuth = (deps: Deps): MiddlewareHandler<SignedInEnv> =>
  authenticates('bearer', async (c, next) => {
    const known: AuthContext | undefined = c.get('auth');
    if (!known) c.set('auth', await authenticate(deps, bearerOf(c.req.header('authorization'))));
    await next();
  });

/**
 * Requires a valid bearer access token and sets its `claims`, leaving the
 * login to the route's own first statement (`confirmLogin`): the till's check
 * and redemption read login, membership and certificate in one round trip.
 */
export const requireToken = (deps: Deps): MiddlewareHandler<TokenEnv> =>
  authenticates('bearer', async (c, next) => {
    c.set('claims', verifyAccessToken(deps, bearerOf(c.req.header('authorization'))));
    await next();
  });

/** A router whose every route is for a signed-in person: `c.var.auth` is there by construction (decision 084). */
export const signedInRoutes = (deps: Deps) => new Hono<AppEnv>().use(requireAuth(deps));
