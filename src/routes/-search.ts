/*
 * URL params as the route tree reads them, once: it loads with every page (/login too), so each route only takes
 * text and page numbers here and its page's own chunk keeps the values that make sense.
 */

export const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** A page number past the first; the first is the default, left out of the address. */
export const pageOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 1 ? value : undefined;
