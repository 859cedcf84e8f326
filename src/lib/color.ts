/** Accent colour helpers: the user picks any colour; text on it and links in it must stay readable (WCAG AA). */
import { INK } from '@contract/brand';

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

export const parseHex = (hex: string): Rgb | null => (/^#[0-9a-f]{6}$/i.test(hex) ? rgbOf(hex) : null);

const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export const luminance = ([r, g, b]: Rgb): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

export const contrast = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const WHITE: Rgb = [255, 255, 255];
const INK_RGB = rgbOf(INK);

/** White or the theme's ink, whichever reads better on the colour. */
export const readableOn = (hex: string): string => {
  const rgb = parseHex(hex) ?? WHITE;
  return contrast(rgb, WHITE) >= contrast(rgb, INK_RGB) ? '#ffffff' : INK;
};

const tint = (rgb: Rgb): Rgb => rgb.map((c) => Math.round(c + (255 - c) * 0.88)) as Rgb;

/**
 * The colour darkened until it reaches `ratio` against white and against its
 * own soft tint (links, outlines, the selected menu entry). Channels are
 * rounded at every step, so the check holds for the colour actually used.
 */
export const textShade = (hex: string, ratio = 4.5): string => {
  const base = parseHex(hex) ?? INK_RGB;
  const soft = tint(base);
  let rgb = base;
  for (let step = 0; step < 40 && Math.min(contrast(rgb, WHITE), contrast(rgb, soft)) < ratio; step += 1) {
    rgb = rgb.map((c) => Math.floor(c * 0.92)) as Rgb;
  }
  return toHex(rgb);
};

/** A very light tint for selected rows and soft backgrounds. */
export const softTint = (hex: string): string => toHex(tint(parseHex(hex) ?? INK_RGB));

/** The CSS variables the Panda tokens accent, accentFg, accentText and accentSoft read, for a colour. */
export const accentProperties = (hex: string): Record<string, string> => ({
  '--accent': hex,
  '--accent-fg': readableOn(hex),
  '--accent-text': textShade(hex),
  '--accent-soft': softTint(hex),
});

/** Sets them on the document (the prerendered pages carry them in `<html style>`, decision 099). */
export const applyAccent = (hex: string): void => {
  for (const [name, value] of Object.entries(accentProperties(hex))) document.documentElement.style.setProperty(name, value);
};
