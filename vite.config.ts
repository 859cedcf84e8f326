import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Locale files hold ICU source strings (easy to translate and review); the
 * bundle gets them compiled to the parser's AST, so the ICU parser (about 12 KiB
 * gzip) never ships to the browser. Each file is served in two parts: `public`
 * (what the signed-out pages need, loaded first) and `portal` (loaded with the
 * signed-in layouts), so /login stays light.
 */
const PORTAL_NAMESPACES = new Set(['menu', 'header', 'footer', 'dashboard', 'settings', 'info', 'admin']);
/** Error codes that the public pages can meet; every other code's text travels with the portal part. */
const PUBLIC_ERROR_CODES = new Set([
  'BAD_REQUEST', 'MALFORMED_JSON', 'VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'REQUEST_TIMEOUT', 'RATE_LIMITED',
  'SERVER_ERROR', 'SERVICE_UNAVAILABLE', 'REQUIRED', 'EMAIL_INVALID', 'PHONE_INVALID', 'TOO_SHORT', 'TOO_LONG', 'WRONG_LENGTH',
  'WRONG_TYPE', 'UNKNOWN_VALUE', 'PASSWORD_TOO_SHORT', 'PASSWORD_WEAK', 'PASSWORDS_DO_NOT_MATCH', 'CODE_FORMAT',
  'OFFER_NOT_ACCEPTED', 'INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'EMAIL_IN_USE', 'EMAIL_NOT_CONFIRMED',
  'WRONG_CONFIRMATION_CODE', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS', 'RESEND_TOO_EARLY', 'USER_BLOCKED',
  'INVALID_REFRESH_TOKEN', 'REFRESH_TOKEN_REUSED', 'INVALID_LINK',
]);
const messagePart = (key: string): 'public' | 'portal' => {
  const [namespace = '', rest = ''] = key.split('.');
  if (namespace === 'error') return /^[A-Z]/.test(rest) && !PUBLIC_ERROR_CODES.has(rest) ? 'portal' : 'public';
  return PORTAL_NAMESPACES.has(namespace) ? 'portal' : 'public';
};

const precompileMessages = (): Plugin => ({
  name: 'certdesk:precompile-messages',
  enforce: 'pre',
  transform(code, id) {
    const match = /[\\/]locales[\\/][a-z]{2}\.json\?part=(public|portal)$/.exec(id);
    if (!match) return null;
    const messages = JSON.parse(code) as Record<string, string>;
    const compiled = Object.fromEntries(
      Object.entries(messages)
        .filter(([key]) => messagePart(key) === match[1])
        .map(([key, text]) => [key, parse(text)]),
    );
    // A module of its own (the query keeps Vite's JSON plugin away): `export default` the compiled messages.
    return { code: `export default ${JSON.stringify(compiled)};`, map: null, moduleType: 'js' };
  },
});

export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Messages arrive precompiled (see above): the runtime takes the parser-free build.
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  plugins: [
    precompileMessages(),
    // Must run before the React plugin: it generates src/routeTree.gen.ts and splits route components.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts', quoteStyle: 'single' }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null, // registered from src/lib/pwa.ts after the first paint
      includeAssets: ['favicon.svg', 'logo-ru.svg', 'logo-es.svg', 'dashboard-bg.svg', 'docs/*.pdf'],
      manifest: {
        name: 'Certdesk',
        short_name: 'Certdesk',
        description: 'Back office for gift-certificate suppliers',
        theme_color: '#6B4EFF',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every locale chunk is precached, so a language switch works offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
      },
    }),
  ],
  build: {
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // What every page needs travels in one file: fewer requests, and gzip compresses it better than twenty slivers.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-intl|intl-messageformat|@formatjs|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]|rolldown[\\/]runtime/,
            },
            {
              // The portal's own base: lib, contract values, styles and the light ui parts. Not here: the Ark UI parts and the
              // query cache (they load with the signed-in shell) and valibot with the schemas (loaded when a form is used).
              name: 'base',
              test: /([\\/]src[\\/]lib[\\/](?!query-client|queries))|([\\/]src[\\/]contract[\\/](?!schemas))|([\\/]src[\\/]ui[\\/](?!menu|drawer))|styled-system/,
            },
            {
              // The sign-in page and its layout: the first screen of most visits.
              name: 'signin',
              test: /[\\/]src[\\/](features[\\/]auth[\\/](auth-layout|login-page|form-parts|api)|features[\\/]shell[\\/](use-shell|root-sync)|routes[\\/](_auth\.tsx|_auth[\\/]login\.tsx))/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
