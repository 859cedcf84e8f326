import { IMAGE_MAX_BYTES } from '@contract/catalogue';
import { FORM_POST_PAGES } from '@contract/sign-in';
import { EMBED_PATH } from '@contract/widgets';
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { every } from 'hono/combine';
import type { ExtractSchema, MergeSchemaPath } from 'hono/types';
import type { AppEnv, Deps } from './deps';
import { admission, createGate } from './http/admission';
import { readBody } from './http/body';
import { compressJson } from './http/compress';
import { securityHeaders } from './http/csp';
import { errorHandler } from './http/errors';
import { clientIp, jsonOnly, loopbackOnly, noStore, onlyBodiesOf, sameOriginOnly, strictTransportOverHttps } from './http/middleware';
import { serveApp } from './http/static';
import { unknownRoute } from './http/unknown-route';
import { describe } from './http/validate';
import { accountRoutes } from './modules/account';
import { analyticsRoutes } from './modules/analytics';
import { apiKeyRoutes } from './modules/api-keys';
import { auditRoutes, staffAuditRoutes } from './modules/audit';
import { authRoutes, refusalsToFormPage, requireToken } from './modules/auth';
import { catalogueRoutes } from './modules/catalogue';
import { contentRoutes } from './modules/content';
import { devRoutes } from './modules/dev';
import { catalogueImageRoutes, IMAGE_UPLOAD_PATH, productImageMediaRoutes } from './modules/images';
import { marketingRoutes } from './modules/marketing';
import { moderationRoutes } from './modules/moderation';
import { openapiRoutes } from './modules/openapi';
import { partnerRoutes } from './modules/partner';
import { productModerationRoutes } from './modules/product-moderation';
import { redemptionRoutes, registerRoutes } from './modules/redemption';
import { reportScheduleRoutes } from './modules/report-schedules';
import { siteRoutes } from './modules/site';
import { lookupAlertRoutes, supplierRoutes } from './modules/supplier';
import { invitationRoutes, myInvitationRoutes } from './modules/users';
import { webhookRoutes } from './modules/webhooks';
import { embedRoutes, widgetRoutes } from './modules/widgets';

/** The API proper, mounted under API_PREFIX. */
const apiRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/health', describe({ tag: 'platform', summary: 'Liveness: answers once the database is ready' }), async (c) => {
      await deps.db.execute(sql`select 1`);
      return c.json({ data: { status: 'ok' as const } });
    })
    .route('/front/auth', authRoutes(deps))
    .route('/front/user/account', accountRoutes(deps))
    .route('/front/user/invitations', myInvitationRoutes(deps))
    .route('/front/supplier/catalogue/images', catalogueImageRoutes(deps))
    .route('/front/supplier/catalogue', catalogueRoutes(deps))
    .route('/front/supplier', supplierRoutes(deps))
    .route('/front/redemption', redemptionRoutes(deps))
    .route('/front/invitation', invitationRoutes(deps))
    .route('/front/site', siteRoutes(deps))
    .route('/front/content', contentRoutes())
    .route('/front/marketing', marketingRoutes(deps))
    .route('/front/analytics/schedules', reportScheduleRoutes(deps))
    .route('/front/analytics', analyticsRoutes(deps))
    .route('/front/widgets', widgetRoutes(deps))
    .route('/front/webhooks', webhookRoutes(deps))
    .route('/front/audit', auditRoutes(deps))
    .route('/front/lookup-alerts', lookupAlertRoutes(deps))
    .route('/front/integrations/keys', apiKeyRoutes(deps))
    .route('/media/product-images', productImageMediaRoutes(deps))
    .route('/admin/suppliers', moderationRoutes(deps))
    .route('/admin/products', productModerationRoutes(deps))
    .route('/admin/audit', staffAuditRoutes(deps))
    .route('/partner/v1', partnerRoutes(deps, deps.keys.partnerApiKey))
    .route('/company/v1', registerRoutes(deps));

const API_PREFIX = '/api';
/** An e-mail, a password and a checkbox, encoded: a few hundred bytes. */
const FORM_LIMIT_BYTES = 4096;
const HEALTH_PATH = `${API_PREFIX}/health`;

/**
 * Every API route as the browser calls it (`'/api/front/auth/login'`), with its
 * input and its answer: the PWA's typed client (src/lib/http.ts) is checked
 * against this type, imported as a type only, so no server code reaches the bundle.
 */
export type ApiSchema = MergeSchemaPath<ExtractSchema<ReturnType<typeof apiRoutes>>, typeof API_PREFIX>;

export interface AppOptions {
  /** The built PWA to serve, with the SPA fallback; none in API tests. */
  staticDir?: string;
}

export function createApp(deps: Deps, options: AppOptions = {}) {
  const api = apiRoutes(deps);
  if (deps.config.NODE_ENV !== 'production') api.use('/dev/*', loopbackOnly).route('/dev', devRoutes(deps));
  api.route('/', openapiRoutes(api));
  api.all('*', unknownRoute(api, API_PREFIX));

  const app = new Hono<AppEnv>();
  app.onError(errorHandler(deps.log));
  app.use('*', securityHeaders(deps.config, options.staticDir), strictTransportOverHttps(deps.config.TRUST_PROXY));
  const timeoutMs = deps.config.BODY_TIMEOUT_MS;
  const jsonBody = every(jsonOnly, readBody({ limit: deps.config.BODY_LIMIT_BYTES, tooLarge: 'PAYLOAD_TOO_LARGE', timeoutMs, text: true }));
  // The image upload's body is the file, up to 1 MB: read only for a caller whose token is valid (the route checks the
  // login and the company inside the gate).
  const fileBody = every(requireToken(deps), readBody({ limit: IMAGE_MAX_BYTES, tooLarge: 'IMAGE_TOO_LARGE', timeoutMs }));
  // The public forms posted before the app runs (decisions 100, 105): from our own pages only, and any refusal past
  // that, the gate's included, goes back to the form's page, as a page without the app can show it.
  const formBody = every(
    onlyBodiesOf('application/x-www-form-urlencoded'),
    readBody({ limit: FORM_LIMIT_BYTES, tooLarge: 'PAYLOAD_TOO_LARGE', timeoutMs }),
  );
  const formPost = every(sameOriginOnly(deps.config.TRUST_PROXY), refusalsToFormPage);
  const isFormPost = (c: Context) => c.req.method === 'POST' && Object.hasOwn(FORM_POST_PAGES, c.req.path);
  app.use(`${API_PREFIX}/*`, (c, next) => (isFormPost(c) ? formPost(c, next) : next()));
  app.use(
    `${API_PREFIX}/*`,
    noStore,
    compressJson,
    (c, next) =>
      c.req.method === 'POST' && c.req.path === IMAGE_UPLOAD_PATH
        ? fileBody(c, next)
        : isFormPost(c)
          ? formBody(c, next)
          : jsonBody(c, next),
    clientIp(deps.config.TRUST_PROXY),
  );
  const gate = (concurrent: number, queued: number) => createGate({ concurrent, queued, waitMs: deps.config.QUEUE_TIMEOUT_MS });
  const admitted = admission(gate(deps.config.MAX_CONCURRENT_REQUESTS, deps.config.MAX_QUEUED_REQUESTS));
  // After the cheap refusals and the reading of the body above (within its deadline), which need no place. The
  // liveness probe is not queued: an instance busy serving must not look dead to whatever restarts dead ones (decision 068).
  app.use(`${API_PREFIX}/*`, (c, next) => (c.req.path === HEALTH_PATH ? next() : admitted(c, next)));
  app.route(API_PREFIX, api);
  // Public and frameable (the embed policy): before the PWA, whose fallback would answer any path. Views are counted
  // per viewer, and have a gate of their own (decision 075).
  app.use(`${EMBED_PATH}/*`, clientIp(deps.config.TRUST_PROXY));
  app.route(EMBED_PATH, embedRoutes(deps, gate(deps.config.EMBED_MAX_CONCURRENT_REQUESTS, deps.config.EMBED_MAX_QUEUED_REQUESTS)));
  if (options.staticDir) serveApp(app, options.staticDir);
  return app;
}
