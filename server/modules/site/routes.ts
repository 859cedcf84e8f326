import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { describe } from '../../http/validate';
import { siteIntegrations } from './service';

/** How long browsers may keep the answer: it is the same for everyone and changes only with a restart. */
const MAX_AGE_SECONDS = 300;

/** Public, under /api/front/site: what the PWA needs to know about this deployment before anyone signs in. */
export const siteRoutes = (deps: Deps) => {
  const integrations = siteIntegrations(deps.config);
  return new Hono<AppEnv>().get(
    '/',
    describe({ tag: 'platform', summary: 'The configured analytics counters and live chat (none when not configured)' }),
    (c) => {
      c.header('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`);
      return c.json({ data: integrations });
    },
  );
};
