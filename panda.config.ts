import { defineConfig } from '@pandacss/dev';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/contract/**'],
  outdir: 'styled-system',
  // Colours that the user picks at run time live in CSS variables set by src/lib/theme.ts.
  theme: {
    extend: {
      tokens: {
        colors: {
          ink: { value: '#1b1b29' },
          muted: { value: '#555566' },
          line: { value: '#d4d4de' },
          surface: { value: '#ffffff' },
          canvas: { value: '#f5f5fa' },
          danger: { value: '#b3261e' },
          success: { value: '#1f7a3a' },
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
          accent: { value: 'var(--accent, #6B4EFF)' },
          accentFg: { value: 'var(--accent-fg, #ffffff)' },
          accentText: { value: 'var(--accent-text, #5a3ee6)' },
          accentSoft: { value: 'var(--accent-soft, #efebff)' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { fontFamily: 'body', color: 'ink', bg: 'canvas', lineHeight: '1.5' },
    body: { minHeight: '100dvh' },
    ':focus-visible': { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '2px' },
    a: { color: 'accentText', textDecoration: 'underline', textUnderlineOffset: '2px' },
  },
});
