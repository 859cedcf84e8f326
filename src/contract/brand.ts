import type { Region } from './enums';

/**
 * The brand, written once: its colours and install icons. The Panda theme
 * (panda.config.ts), the accent helpers (src/lib/color.ts), index.html and the
 * region manifests (vite.config.ts) and the icon drawer (scripts/pwa-assets.ts)
 * read them from here.
 */

/** SPEC §1, §3: the Spanish variant has its own logo and a green accent; every other region has the purple one. */
export const BRAND_ACCENTS = { ru: '#6B4EFF', es: '#03C03C' } as const;
export type Brand = keyof typeof BRAND_ACCENTS;

/** Which logo, icons and accent a region shows. */
export const regionBrand = (region: Region): Brand => (region === 'es' ? 'es' : 'ru');

/** The regional logo in public/. */
export const logoUrl = (region: Region): string => `/logo-${regionBrand(region)}.svg`;

/** The accent a site shows to a person who has chosen no colour (SPEC §3): the site's, not the person's region's (decision 79). */
export const regionDefaultColor = (region: Region): string => BRAND_ACCENTS[regionBrand(region)];

/** The text colour: the theme's `ink`, and the dark text the accent helpers put on light accents. */
export const INK = '#1b1b29';

/** The icons drawn for each brand (public/icons/<brand>-<size>.png, <brand>-maskable-<size>.png) and listed in the manifests. */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 180, 192, 256, 384, 512] as const;
export const MASKABLE_ICON_SIZES = [192, 512] as const;
