import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv, Deps } from './deps';
import { AppError, errorHandler } from './http/errors';
import { clientIp, jsonOnly } from './http/middleware';
import { describe } from './http/validate';
import { serveApp } from './http/static';
import { accountRoutes } from './modules/account/routes';
import { authRoutes } from './modules/auth/routes';
import { devRoutes } from './modules/dev/routes';
import { openapiRoutes } from './modules/openapi/routes';
import { partnerRoutes } from './modules/partner/routes';
import { redemptionRoutes } from './modules/redemption/routes';
import { supplierRoutes } from './modules/supplier/routes';

/** The API proper; its type is what the typed client sees. */
const apiRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/health', describe({ tag: 'platform', summary: 'Liveness: answers once the database is ready' }), async (c) => {
      await deps.db.execute(sql`select 1`);
      return c.json({ data: { status: 'ok' as const } });
    })
    .route('/front/auth', authRoutes(deps))
    .route('/front/user/account', accountRoutes(deps))
    .route('/front/supplier', supplierRoutes(deps))
    .route('/front/redemption', redemptionRoutes(deps))
    .route('/partner/v1', partnerRoutes(deps, deps.keys.partnerApiKey));

export type ApiType = ReturnType<typeof apiRoutes>;

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export interface AppOptions {
  /** The built PWA to serve, with the SPA fallback; none in API tests. */
  staticDir?: string;
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  const api = apiRoutes(deps);
  if (deps.config.NODE_ENV !== 'production') api.route('/dev', devRoutes(deps));
  api.route('/', openapiRoutes(api));
  api.all('*', () => {
    throw new AppError('NOT_FOUND');
  });

  const app = new Hono<AppEnv>();
  app.onError(errorHandler(deps.log));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: deps.config.BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
    jsonOnly,
    clientIp(deps.config.TRUST_PROXY),
  );
  app.route('/api', api);
  if (options.staticDir) serveApp(app, options.staticDir);
  return app;
}
