import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_STORAGE_KEY, resolveLocale } from '@contract/locale-choice';
import { PRERENDERED_PAGES, prerenderedFile } from '@contract/prerendered';
import { DEFAULT_REGION_HOSTS, parseRegionHosts, resolveRegion } from '@contract/region-hosts';
import { tokensFrom } from '@contract/sign-in';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { acceptedLanguages } from './accept-language';

/** The hosts of each region as the browser's build knows them (src/lib/region.ts): the deployment's VITE_REGION_HOSTS. */
const REGION_HOSTS = { ...DEFAULT_REGION_HOSTS, ...parseRegionHosts(process.env.VITE_REGION_HOSTS) };

/**
 * Which prerendered document answers a page's request (decision 099), chosen as the browser will choose: the region
 * from the host (src/lib/region.ts, with the deployment's VITE_REGION_HOSTS), the locale from the choice the browser
 * keeps (mirrored in the `locale` cookie), else Accept-Language, by the app's own rule (src/lib/locale-choice.ts).
 * None for a visitor with a session: /login sends them on, and the shell (index.html) serves that.
 */
export function prerenderedPage(root: string, c: Context): string | undefined {
  if (!(PRERENDERED_PAGES as readonly string[]).includes(c.req.path) || tokensFrom((name) => getCookie(c, name))) return undefined;
  const region = resolveRegion(new URL(c.req.url).hostname, REGION_HOSTS);
  const locale = resolveLocale(getCookie(c, LOCALE_STORAGE_KEY), acceptedLanguages(c.req.header('Accept-Language')));
  const file = prerenderedFile(region, locale, c.req.path);
  return existsSync(join(root, file)) ? file : undefined;
}
