import { issueBody } from '@contract/schemas/redemption';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { authenticates, describe, validate } from '../../http/validate';
import { safeEqual, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { issueCertificates } from './service';

const requireApiKey = (apiKey: string): MiddlewareHandler<AppEnv> =>
  authenticates('apiKey', async (c, next) => {
    const presented = c.req.header('x-api-key') ?? '';
    // Comparing digests keeps the comparison constant-time whatever the length.
    if (!safeEqual(sha256(presented), sha256(apiKey))) throw new AppError('INVALID_API_KEY');
    await next();
  });

/** The marketplace's issuing API, under /api/partner/v1, authenticated by X-Api-Key. */
export const partnerRoutes = (deps: Deps, apiKey: string) =>
  new Hono<AppEnv>()
    .use(requireApiKey(apiKey))
    .post(
      '/certificates',
      describe({ tag: 'partner', summary: 'Issue certificates for an order (idempotent per orderNumber)' }),
      validate('json', issueBody),
      async (c) => c.json({ data: await issueCertificates(deps, c.req.valid('json')) }),
    );
