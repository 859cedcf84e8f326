import type { ApiKeyScope } from '@contract/api-keys';
import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv, CompanyKeyEnv, Deps } from '../../deps';
import { bearerOf } from '../../http/bearer';
import { authenticates, scoped } from '../../http/validate';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { countEvent } from '../../lib/rate-limit';
import { authenticateKey } from './service';

/** Calls one key may make per minute, counted atomically (decision 037): parallel calls get no more than serial ones. */
const requestsOf = (deps: Deps, keyId: string) => ({
  key: `api-key:requests:${keyId}`,
  limit: { max: deps.config.COMPANY_API_KEY_REQUESTS_PER_MINUTE, windowMs: 60_000 },
});

/**
 * Requires a live company API key (`Authorization: Bearer cdk_…`) and sets `companyKey`, which only routes behind it
 * can read (its type adds it): the key's company is the only one a call reaches, as the routes take the company from
 * here, never from the request. Counts the call against the key's rate limit, and writes every answered call to the
 * audit log with its outcome.
 */
export const requireCompanyKey = (deps: Deps): MiddlewareHandler<CompanyKeyEnv> =>
  authenticates('companyKey', async (c, next) => {
    const key = await authenticateKey(deps, bearerOf(c.req.header('authorization'), 'INVALID_API_KEY'));
    const [counted] = await countEvent(deps.db, [requestsOf(deps, key.id)], deps.now());
    if (counted?.exceeded) fail('RATE_LIMITED', { retryAfterSeconds: counted.retryAfterSeconds });
    c.set('companyKey', key);
    await next();
    // After the answer (a refusal too: the error handler has made it by now), never holding the work's transaction.
    await audit(
      deps.db,
      {
        action: 'apiKey.used',
        supplierId: key.supplierId,
        apiKeyId: key.id,
        // The route that answered (the last one the request reached), by its pattern: no certificate number in the log.
        details: { operation: `${c.req.method} ${routePath(c)}`, status: c.res.status },
      },
      deps.now(),
    );
  });

/** Refuses a key without `scope` (403 API_KEY_SCOPE_MISSING); the OpenAPI document shows the scope the operation needs. */
export const requiresScope = (scope: ApiKeyScope): MiddlewareHandler<CompanyKeyEnv> =>
  scoped(scope, async (c, next) => {
    if (!c.var.companyKey.scopes.includes(scope)) fail('API_KEY_SCOPE_MISSING');
    await next();
  });

/** A router whose every route is for a company's API key: `c.var.companyKey` is there by construction (decision 093). */
export const companyKeyRoutes = (deps: Deps) => new Hono<AppEnv>().use(requireCompanyKey(deps));
