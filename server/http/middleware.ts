import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';

/** The address of the socket's peer; none for requests made in-process (tests). */
const peerAddress = (c: Context<AppEnv>): string | undefined => {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
};

/**
 * The caller's address. Behind `proxyHops` proxies, each appending its peer to
 * X-Forwarded-For, the entry the outermost one wrote is the client's: entries
 * further left are whatever the client sent, so they never count.
 */
export const clientIp =
  (proxyHops: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const forwarded = proxyHops > 0 ? c.req.header('x-forwarded-for')?.split(',') : undefined;
    const candidate = forwarded?.at(-proxyHops)?.trim();
    // The header becomes part of rate-limit keys: anything but an address falls back to the socket.
    const ip = candidate && isIP(candidate) ? candidate : peerAddress(c);
    c.set('clientIp', ip || 'unknown');
    await next();
  };

const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));

/**
 * Headers that proxies add to what they pass on: a request that carries one came through a proxy, whose own address
 * is all the socket shows. A browser sends none of them.
 */
const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
];

/**
 * Development helpers answer only a browser on this machine (decision 036): the socket's peer is loopback and
 * nothing says the request was forwarded, since a proxy on this machine is loopback to us whoever its client is.
 */
export const loopbackOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const forwarded = FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
  if (forwarded || !isLoopback(peerAddress(c))) throw new AppError('NOT_FOUND');
  await next();
};

/** The scheme the browser used: a trusted proxy's X-Forwarded-Proto, else our own. */
export const requestScheme = (c: Context<AppEnv>, proxyHops: number): string =>
  (proxyHops > 0 ? c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim() : undefined) ??
  // The request's URL starts with its scheme: read there rather than parsed as a URL on every answer.
  c.req.url.slice(0, c.req.url.indexOf(':'));

/** HSTS only where the browser honours it (RFC 6797 §7.2): on answers that reached it over https. */
export const strictTransportOverHttps =
  (proxyHops: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    // On the answer's own headers, as in noStore.
    if (requestScheme(c, proxyHops) === 'https') c.res.headers.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
  };

/** API answers carry tokens and personal data: no cache may keep them unless a route says otherwise. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  // On the answer's own headers: `c.header()` after the handler builds the answer again as a Web Response, whose body
  // @hono/node-server then reads back from a stream (9 % of a check's CPU, decision 102).
  if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
};

/** Bodies of one media type only: anything else with a body is refused before it is read. */
export const onlyBodiesOf = (mediaType: 'application/json' | 'application/x-www-form-urlencoded'): MiddlewareHandler => {
  const declared = new RegExp(`^${mediaType}\\s*(;|$)`, 'i');
  return async (c, next) => {
    if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) {
      const length = c.req.header('content-length');
      const type = c.req.header('content-type');
      // A declared type must be the one; with no type, only an empty body passes.
      const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
      if ((type !== undefined || hasBody) && !(type !== undefined && declared.test(type))) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    await next();
  };
};

/** The API's bodies are JSON; the sign-in form's post (decision 100) is the one exception. */
export const jsonOnly = onlyBodiesOf('application/json');

/** The origin the browser addressed: a trusted proxy's X-Forwarded-Host and scheme, else the request's own. */
const requestOrigin = (c: Context<AppEnv>, proxyHops: number): string => {
  const host = (proxyHops > 0 ? c.req.header('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined) ?? new URL(c.req.url).host;
  return `${requestScheme(c, proxyHops)}://${host}`;
};

/**
 * Posts from our own pages only (decision 100): another site's page must not sign its visitor in to an account of
 * its choosing (login CSRF). Browsers say where a request comes from in Sec-Fetch-Site, which no page can set; older
 * ones only in Origin, checked against the origin addressed. A request that says neither is refused too.
 */
export const sameOriginOnly =
  (proxyHops: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const ours = site !== undefined ? site === 'same-origin' : origin !== undefined && origin === requestOrigin(c, proxyHops);
    if (!ours) throw new AppError('FORBIDDEN');
    await next();
  };
