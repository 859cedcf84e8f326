import type { Locale, Region } from '@contract/enums';

/**
 * The prerendered pages (decision 099), shared by the build (scripts/prerender.ts), the server that picks one
 * (server/http/prerendered.ts) and the browser that hydrates it (src/main.tsx). With no import by value: each of the
 * three takes only these names.
 */

/**
 * The public pages that render the same with no data, written for every region and locale. Not the password-reset
 * code and new-password pages: they show what the first step left in the browser's storage.
 */
export const PRERENDERED_PAGES = ['/login', '/register', '/password-reset-email'] as const;

/** Where a page's document lies in the build: `prerendered/<region>/<locale>/<page>.html`. */
export const prerenderedFile = (region: Region, locale: Locale, path: string): string => `prerendered/${region}/${locale}${path}.html`;

/**
 * What a prerendered document was rendered for, written on `#root` as `data-prerendered`: the browser hydrates it
 * only when its own first page, region and locale give the same mark, and renders afresh otherwise.
 */
export const prerenderMark = (path: string, region: Region, locale: Locale): string => `${path} ${region} ${locale}`;
