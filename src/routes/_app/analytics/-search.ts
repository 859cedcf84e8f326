import type { ReportSearch } from '@/features/analytics/search';
import type { Access } from '@/lib/router-meta';

/*
 * What the report routes share, once: the route tree that every page loads
 * pays for each byte here.
 */

/** A report's URL params as they come: the page narrows them with the contract's rules. */
export const reportSearch = (search: Record<string, unknown>) => search as ReportSearch;

/** SPEC §6: sales and the liability are for admins and accountants. */
export const ACCOUNTS_ACCESS: Access = { roles: ['roleAdmin', 'roleAccountant'], company: true };
