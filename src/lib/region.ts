import type { Region } from '@contract/enums';
import { DEFAULT_REGION_HOSTS, parseRegionHosts, resolveRegion } from '@contract/region-hosts';

/** The browser's region (SPEC §1, the rules in src/contract/region-hosts.ts, shared with the server: decision 099). */
export const currentRegion = (): Region =>
  resolveRegion(globalThis.location?.hostname ?? '', {
    ...DEFAULT_REGION_HOSTS,
    ...parseRegionHosts(import.meta.env.VITE_REGION_HOSTS as string | undefined),
  });
