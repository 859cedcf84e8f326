import type { Region } from '@contract/enums';
import type { Config } from '../config';

/**
 * An address under a configured base URL, the base's own path kept: under `https://portal.example/cabinet`,
 * `invitation` is `https://portal.example/cabinet/invitation` (`new URL('/invitation', base)` drops `/cabinet`, and a
 * portal behind a proxy at a path got links to nowhere). `path` is relative; `query` is written as the search.
 */
export function linkUnder(base: string, path: string, query?: Record<string, string>): string {
  const url = new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`);
  if (query) url.search = new URLSearchParams(query).toString();
  return url.toString();
}

const REGION_PUBLIC_URL = {
  ru: 'PUBLIC_URL_RU',
  by: 'PUBLIC_URL_BY',
  kz: 'PUBLIC_URL_KZ',
  es: 'PUBLIC_URL_ES',
} as const satisfies Record<Region, keyof Config>;

type PublicUrls = Pick<Config, 'PUBLIC_URL' | (typeof REGION_PUBLIC_URL)[Region]>;

/** The public address of a region's site (decision 090): its own setting, else PUBLIC_URL. */
export const publicUrlOf = (config: PublicUrls, region: Region): string => config[REGION_PUBLIC_URL[region]] ?? config.PUBLIC_URL;

/** A link in a mail to a person of `region`: under their site's address, so an es person lands on the es site. */
export const mailLink = (config: PublicUrls, region: Region, path: string, query?: Record<string, string>): string =>
  linkUnder(publicUrlOf(config, region), path, query);
