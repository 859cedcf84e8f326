import type { Handler, Hono } from 'hono';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';

/**
 * The answer to a request no route took: 405 METHOD_NOT_ALLOWED with `Allow` where the path exists with other methods
 * (RFC 9110 §15.5.6; tools built from the OpenAPI document expect it), else 404 NOT_FOUND.
 */
export function unknownRoute(api: Hono<AppEnv>, prefix: string): Handler<AppEnv> {
  const routes = api.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => ({
      method: route.method,
      // `:name` is one segment; no route of ours uses a custom pattern or a wildcard in a path parameter.
      path: new RegExp(`^${prefix}${route.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:\w+/g, '/[^/]+')}/?$`),
    }));
  return (c) => {
    const methods = new Set(routes.filter((route) => route.path.test(c.req.path)).map((route) => route.method));
    if (methods.has('GET')) methods.add('HEAD');
    if (!methods.size) throw new AppError('NOT_FOUND');
    c.header('Allow', [...methods].sort().join(', '));
    throw new AppError('METHOD_NOT_ALLOWED');
  };
}
