/**
 * `npm run pwa:assets` — draws the install icons of both brands (the default
 * purple mark; the Spanish green mark) into public/icons with Chromium, and,
 * given `--screenshots <origin>` of a running server, the manifest screenshots
 * (the sign-in page, narrow and wide) into public/screenshots. The PNGs are
 * committed; run this again when the logo changes.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BRAND_ACCENTS, ICON_SIZES, MASKABLE_ICON_SIZES, type Brand } from '../src/contract/brand';
import { CHROMIUM_LAUNCH } from '../tests/support/chromium';

/** The outline of each brand's mark (64-unit box): a rounded square, the Spanish one a circle. */
const SHAPES: Record<Brand, (fill: string) => string> = {
  ru: (fill) => `<rect width="64" height="64" rx="14" fill="${fill}"/>`,
  es: (fill) => `<circle cx="32" cy="32" r="32" fill="${fill}"/>`,
};

/** The white gift box of the logo, with the ribbon in the accent colour (64-unit box). */
const glyph = (accent: string) =>
  `<path d="M14 24h36v24a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#fff"/><rect x="10" y="16" width="44" height="10" rx="3" fill="#fff"/>` +
  `<rect x="29" y="16" width="6" height="36" fill="${accent}"/><path d="M32 16c-4-8-14-8-12-2 1 3 8 3 12 2zm0 0c4-8 14-8 12-2-1 3-8 3-12 2z" fill="#fff"/>`;

const svg = (brand: Brand, maskable: boolean) => {
  const accent = BRAND_ACCENTS[brand];
  // Maskable: full-bleed colour, the glyph inside the 80 % safe circle.
  const body = maskable
    ? `<rect width="64" height="64" fill="${accent}"/><g transform="translate(32 32) scale(0.62) translate(-32 -31)">${glyph(accent)}</g>`
    : `${SHAPES[brand](accent)}${glyph(accent)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">${body}</svg>`;
};

const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  mkdirSync('public/icons', { recursive: true });
  const page = await browser.newPage();
  for (const brand of Object.keys(SHAPES) as Brand[]) {
    for (const [maskable, sizes] of [
      [false, ICON_SIZES],
      [true, MASKABLE_ICON_SIZES],
    ] as const) {
      for (const size of sizes) {
        await page.setViewportSize({ width: size, height: size });
        await page.setContent(`<html><body style="margin:0;background:transparent">${svg(brand, maskable)}</body></html>`);
        const name = `public/icons/${brand}-${maskable ? 'maskable-' : ''}${size}.png`;
        await page.screenshot({ path: name, omitBackground: !maskable });
        process.stdout.write(`${name}\n`);
      }
    }
  }
  const at = process.argv.indexOf('--screenshots');
  const origin = at > 0 ? process.argv[at + 1] : undefined;
  if (origin) {
    mkdirSync('public/screenshots', { recursive: true });
    for (const [form, width, height] of [
      ['narrow', 720, 1280],
      ['wide', 1280, 800],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block', locale: 'ru-RU' });
      const shot = await context.newPage();
      await shot.goto(`${origin}/login`);
      await shot.getByRole('button').last().waitFor();
      await shot.screenshot({ path: `public/screenshots/login-${form}.png` });
      process.stdout.write(`public/screenshots/login-${form}.png\n`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
