import type { ReportSearch } from '@/features/analytics/search';

/*
 * What the report routes share, once: the route tree that every page loads
 * pays for each byte here.
 */

/** A report's URL params as they come: the page narrows them with the contract's rules. */
export const reportSearch = (search: Record<string, unknown>) => search as ReportSearch;
