import { defineConfig } from '@pandacss/dev';
import { BRAND_ACCENTS, INK } from './src/contract/brand';
import { accentProperties, readableOn, softTint, textShade } from './src/lib/color';

/** Before the user's colour is applied (src/lib/color.ts `applyAccent`), the accent tokens fall back to the default brand's. */
const DEFAULT_ACCENT = BRAND_ACCENTS.ru;

/** The tones of alerts and badges (the `tone` utility): a soft background, a border, and text that reads on the background. */
const TONES = {
  success: { soft: 'success.soft', border: 'success', text: 'success.text' },
  danger: { soft: 'danger.soft', border: 'danger', text: 'danger.text' },
  warning: { soft: 'warning.soft', border: 'warning', text: 'warning.text' },
  neutral: { soft: 'neutral.soft', border: 'line', text: 'ink' },
  info: { soft: 'accentSoft', border: 'line', text: 'ink' },
};
type Tone = keyof typeof TONES;
const TONE_NAMES = Object.keys(TONES) as Tone[];

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/contract/**'],
  outdir: 'styled-system',
  // Imported as '@styled/css' (tsconfig.json's paths), which is how Panda finds the calls it extracts.
  importMap: '@styled',
  // Colours that the user picks at run time live in CSS variables set by src/lib/color.ts.
  theme: {
    extend: {
      tokens: {
        colors: {
          ink: { value: INK },
          muted: { value: '#555566' },
          line: { value: '#d4d4de' },
          surface: { value: '#ffffff' },
          canvas: { value: '#f5f5fa' },
          // Tone colours: the colour itself (borders), a soft background, and text that reads on it (see TONES).
          danger: { DEFAULT: { value: '#b3261e' }, soft: { value: '#fdecea' }, text: { value: '#7a1a14' } },
          success: { DEFAULT: { value: '#1f7a3a' }, soft: { value: '#e8f5ec' }, text: { value: '#14532a' } },
          warning: { DEFAULT: { value: '#b35c00' }, soft: { value: '#fff4e0' }, text: { value: '#6b3500' } },
          neutral: { soft: { value: '#ececf2' } },
          brandPanel: { value: '#1f1a3d' },
        },
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        },
        radii: { control: { value: '10px' }, card: { value: '16px' } },
        sizes: { touch: { value: '44px' }, sidebar: { value: '248px' } },
      },
      semanticTokens: {
        colors: {
          accent: { value: `var(--accent, ${DEFAULT_ACCENT})` },
          accentFg: { value: `var(--accent-fg, ${readableOn(DEFAULT_ACCENT)})` },
          accentText: { value: `var(--accent-text, ${textShade(DEFAULT_ACCENT)})` },
          accentSoft: { value: `var(--accent-soft, ${softTint(DEFAULT_ACCENT)})` },
        },
      },
    },
  },
  utilities: {
    extend: {
      tone: {
        className: 'tone',
        values: TONE_NAMES,
        transform: (tone: Tone, { token }) => ({
          borderWidth: '1px',
          background: token(`colors.${TONES[tone].soft}`),
          borderColor: token(`colors.${TONES[tone].border}`),
          color: token(`colors.${TONES[tone].text}`),
        }),
      },
    },
  },
  // Components pick the tone at run time, so every tone's class is generated.
  staticCss: { css: [{ properties: { tone: TONE_NAMES } }] },
  globalCss: {
    'html, body': { fontFamily: 'body', color: 'ink', bg: 'canvas', lineHeight: '1.5' },
    body: { minHeight: '100dvh' },
    ':focus-visible': { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '2px' },
    a: { color: 'accentText', textDecoration: 'underline', textUnderlineOffset: '2px' },
    // A prerendered page names its brand on <html> (decision 099): its accent before any script runs, where an inline
    // style attribute would need the content security policy's 'unsafe-inline'.
    ...Object.fromEntries(Object.entries(BRAND_ACCENTS).map(([brand, hex]) => [`html[data-brand=${brand}]`, accentProperties(hex)])),
  },
});
