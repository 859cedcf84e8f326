import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_STORAGE_KEY, resolveLocale } from '@contract/locale-choice';
import { prerenderedFile } from '@contract/prerendered';
import { DEFAULT_REGION_HOSTS, parseRegionHosts, resolveRegion } from '@contract/region-hosts';
import { tokensFrom } from '@contract/sign-in';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * Which prerendered document answers a page's request (decision 099), chosen as the browser will choose: the region
 * from the host (src/lib/region.ts, with the deployment's VITE_REGION_HOSTS), the locale from the choice the browser
 * keeps (mirrored in the `locale` cookie), else Accept-Language, by the app's own rule (src/lib/locale-choice.ts).
 * None for a visitor with a session: /login sends them on, and the shell (index.html) serves that.
 */
export function prerenderedPage(root: string, c: Context): string | undefined {
  if (tokensFrom((name) => getCookie(c, name))) return undefined;
  const regionHosts = { ...DEFAULT_REGION_HOSTS, ...parseRegionHosts(process.env.VITE_REGION_HOSTS) };
  const region = resolveRegion(new URL(c.req.url).hostname, regionHosts);
  const locale = resolveLocale(getCookie(c, LOCALE_STORAGE_KEY), acceptedLanguages(c.req.header('Accept-Language')));
  const file = prerenderedFile(region, locale, c.req.path);
  return existsSync(join(root, file)) ? file : undefined;
}

/** An Accept-Language header's tags, most wanted first (`q` weights; `q=0` means not wanted). */
export const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((entry) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map((entry) => entry.tag);
