import type { Locale, Region } from '@contract/enums';

/**
 * The prerendered pages (decision 099), shared by the build (scripts/prerender.ts), the server that picks one
 * (server/http/prerendered.ts) and the browser that hydrates it (src/main.tsx). With no import by value: each of the
 * three takes only these names.
 */

/**
 * The pages written for every region and locale: the sign-in page and the reset's e-mail page, whose forms post
 * themselves to the server before the app runs (decisions 100, 105). Not the other public forms: with no server post
 * of their own, a submit before hydration would send what was typed (a password) as a GET to the page's own address.
 */
export const PRERENDERED_PAGES = ['/login', '/password-reset-email'] as const;

/** Where a page's document lies in the build: `prerendered/<region>/<locale>/<page>.html`. */
export const prerenderedFile = (region: Region, locale: Locale, path: string): string => `prerendered/${region}/${locale}${path}.html`;

/**
 * What a prerendered document was rendered for, written on `#root` as `data-prerendered`: the browser hydrates it
 * only when its own first page, region and locale give the same mark, and renders afresh otherwise.
 */
export const prerenderMark = (path: string, region: Region, locale: Locale): string => `${path} ${region} ${locale}`;
