import { REGIONS, type Region } from './enums';

/**
 * SPEC §1: the region comes from the browser host. Development hosts for ru, by
 * and kz, the production partner host for es; `<region>.localhost` lets every
 * variant be tried locally. Any other host is ru. A deployment can extend the
 * map with VITE_REGION_HOSTS="host=region,host=region".
 */
export const DEFAULT_REGION_HOSTS: Readonly<Record<string, Region>> = {
  'ru.dev.certdesk.example': 'ru',
  'by.dev.certdesk.example': 'by',
  'kz.dev.certdesk.example': 'kz',
  'partners.certdesk.es': 'es',
  'ru.localhost': 'ru',
  'es.localhost': 'es',
  'by.localhost': 'by',
  'kz.localhost': 'kz',
};

export const FALLBACK_REGION: Region = 'ru';

const isRegion = (value: string): value is Region => (REGIONS as readonly string[]).includes(value);

/** Parses "host=region,host=region"; entries naming an unknown region are ignored. */
export const parseRegionHosts = (spec: string | undefined): Record<string, Region> => {
  const map: Record<string, Region> = {};
  for (const entry of (spec ?? '').split(',')) {
    const [host, region] = entry.split('=').map((part) => part.trim().toLowerCase());
    if (host && region && isRegion(region)) map[host] = region;
  }
  return map;
};

export const resolveRegion = (hostname: string, map: Readonly<Record<string, Region>> = DEFAULT_REGION_HOSTS): Region =>
  map[hostname.toLowerCase().replace(/\.$/, '')] ?? FALLBACK_REGION;
