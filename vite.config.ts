import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineFirstPaint } from './scripts/inline-first-paint';
import { messagePart } from './scripts/message-parts';
import { precompress } from './scripts/precompress';
import { prerenderPages } from './scripts/prerender';
import { signInModules } from './scripts/route-places';
import { BRAND_ACCENTS, ICON_SIZES, MASKABLE_ICON_SIZES, regionBrand, regionDefaultColor } from './src/contract/brand';
import { REGIONS, type Region } from './src/contract/enums';

/**
 * Locale files hold ICU source strings (easy to translate and review); the bundle gets them compiled to the parser's
 * AST, so the ICU parser (about 12 KiB gzip) never ships to the browser. Each file is served in the parts of
 * scripts/message-parts.ts.
 */
const precompileMessages = (): Plugin => ({
  name: 'certdesk:precompile-messages',
  enforce: 'pre',
  transform(code, id) {
    const match = /[\\/]locales[\\/]([a-z]{2})\.json\?part=(public|portal|office)$/.exec(id);
    if (!match) return null;
    const [, language, part] = match;
    const messages = JSON.parse(code) as Record<string, string>;
    const compiled = Object.fromEntries(
      Object.entries(messages)
        .filter(([key]) => messagePart(key) === part)
        .map(([key, text]) => [key, parse(text)]),
    );
    // A module of its own (the query keeps Vite's JSON plugin away): `export default` the compiled messages. The portal
    // part also knows where its language's office part is, so the map of every language's office chunk stays out of /login.
    const office = part === 'portal' ? `export const loadOffice = () => import('./${language}.json?part=office');` : '';
    return { code: `export default ${JSON.stringify(compiled)};${office}`, map: null, moduleType: 'js' };
  },
});

/**
 * The app version: package.json's version plus a build id (VITE_BUILD_ID, else
 * the build time). It busts the saved query cache and is shown in index.html
 * (`<meta name="certdesk-build">`) so a test or an operator can tell builds apart.
 */
const APP_VERSION = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
const BUILD_ID =
  process.env.VITE_BUILD_ID ??
  new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14);

/**
 * One web app manifest per region (SPEC §1: es has its own logo and accent); the
 * PWA links the one of its host (src/features/shell/pwa-chrome.tsx). Names and
 * shortcuts in the region's language.
 */
const REGION_MANIFESTS: Record<Region, { lang: string; name: string; description: string; check: string; login: string }> = {
  ru: {
    lang: 'ru-RU',
    name: 'Certdesk',
    description: 'Кабинет поставщика подарочных сертификатов',
    check: 'Проверить сертификат',
    login: 'Вход в кабинет',
  },
  by: {
    lang: 'be-BY',
    name: 'Certdesk',
    description: 'Кабінет пастаўшчыка падарункавых сертыфікатаў',
    check: 'Праверыць сертыфікат',
    login: 'Уваход у кабінет',
  },
  kz: {
    lang: 'kk-KZ',
    name: 'Certdesk',
    description: 'Сыйлық сертификаттарын жеткізушінің кабинеті',
    check: 'Сертификатты тексеру',
    login: 'Кабинетке кіру',
  },
  es: {
    lang: 'es-ES',
    name: 'Certdesk España',
    description: 'Portal del proveedor de certificados de regalo',
    check: 'Comprobar un certificado',
    login: 'Acceso al portal',
  },
};

const regionManifests = (): Plugin => ({
  name: 'certdesk:region-manifests',
  apply: 'build',
  generateBundle() {
    for (const region of REGIONS) {
      const m = REGION_MANIFESTS[region];
      const brand = regionBrand(region);
      const manifest = {
        id: '/',
        name: m.name,
        short_name: 'Certdesk',
        description: m.description,
        lang: m.lang,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: regionDefaultColor(region),
        background_color: '#ffffff',
        icons: [
          ...ICON_SIZES.map((size) => ({
            src: `/icons/${brand}-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'any',
          })),
          ...MASKABLE_ICON_SIZES.map((size) => ({
            src: `/icons/${brand}-maskable-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'maskable',
          })),
        ],
        shortcuts: [
          {
            name: m.check,
            short_name: m.check,
            url: '/redemption',
            icons: [{ src: `/icons/${brand}-96.png`, sizes: '96x96', type: 'image/png' }],
          },
        ],
        screenshots: [
          { src: '/screenshots/login-narrow.png', sizes: '720x1280', type: 'image/png', form_factor: 'narrow', label: m.login },
          { src: '/screenshots/login-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: m.login },
        ],
      };
      this.emitFile({ type: 'asset', fileName: `manifest-${region}.webmanifest`, source: `${JSON.stringify(manifest, null, 2)}\n` });
    }
  },
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'certdesk-build', content: `${APP_VERSION}+${BUILD_ID}` }, injectTo: 'head' }],
});

/** The browser toolbar's colour until the app sets the region's or the user's (src/features/shell/pwa-chrome.tsx). */
const themeColor = (): Plugin => ({
  name: 'certdesk:theme-color',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'theme-color', content: BRAND_ACCENTS.ru }, injectTo: 'head' }],
});

/** The same names as tsconfig.json's paths: the contract shared with the server, and Panda's generated styles. */
const ALIASES: Alias[] = [
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  { find: '@contract', replacement: fileURLToPath(new URL('./src/contract', import.meta.url)) },
  { find: '@styled', replacement: fileURLToPath(new URL('./styled-system', import.meta.url)) },
  // Messages arrive precompiled (see above): the runtime takes the parser-free build.
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
];

/** The sign-in screen's own modules, as the bundler names them. */
const SIGN_IN_MODULES = new Set(signInModules().map((file) => fileURLToPath(new URL(`./${file}`, import.meta.url))));

export default defineConfig({
  resolve: { alias: ALIASES },
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION),
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID),
  },
  plugins: [
    precompileMessages(),
    regionManifests(),
    themeColor(),
    // The shell index.html paints before the app has loaded (decision 070).
    inlineFirstPaint(ALIASES),
    // Must run before the React plugin: it generates src/routeTree.gen.ts and splits route components.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A page's loader travels with its component (one chunk fetched on the way there), not in the route tree every
      // first load carries, /login's included. Not the till's: it starts its data at once (decision 070).
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          routeId === '/_app/redemption' ? undefined : [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null, // registered from src/lib/pwa.ts after the first paint
      manifest: false, // one manifest per region, see regionManifests()
      includeAssets: ['favicon.svg', 'logo-ru.svg', 'logo-es.svg'],
      workbox: {
        // The shell, every route chunk, all locale bundles, icons, fonts, the region manifests and the scanner's wasm:
        // everything a till needs to open with no network. Screenshots are only for the install dialog.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm,webmanifest}'],
        // Nor the prerendered pages (decision 099): 72 documents for the network's first answer, not for offline use.
        globIgnores: ['screenshots/**', 'prerendered/**'],
        // The zxing reader wasm is about 1.1 MB.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // API answers never come from the service worker: the query cache owns data.
        // The embedded widget is the server's own page, never the SPA (decision 58).
        navigateFallbackDenylist: [/^\/api\//, /^\/embed\//],
        cleanupOutdatedCaches: true,
        // A waiting version still waits for the user (registerType 'prompt'); once agreed, it takes the open page over
        // at once, so the reload that follows runs the new shell.
        clientsClaim: true,
      },
    }),
    // The public pages rendered to HTML with the app's own components (decision 099), before they are compressed.
    prerenderPages(),
    // Last: the service worker is written by then, and compressed too.
    precompress(),
  ],
  build: {
    manifest: true,
    target: 'es2022',
    modulePreload: {
      // Every browser that can install the PWA preloads modules itself (Chrome 66, Firefox 115, Safari 17); older ones only lose the hint.
      polyfill: false,
      // The page keeps its preload links (the first paint needs them). Lazy chunks carry no preload lists: their names (in every
      // page's entry) grow with each route, while the service worker has every chunk cached after the first visit (decision 52).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
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
              // The portal's own base: lib, contract values, styles and the ui parts of the sign-in page. Not here: the Ark UI parts and the
              // query cache (they load with the signed-in shell), valibot with the schemas (loaded when a form is used), the redemption
              // rules and money (loaded with the till and the pages that show amounts). The admin products' search helpers, shared by the route tree and the products page, ride here
              // rather than in a chunk of their own on every first load.
              name: 'base',
              test: /([\\/]src[\\/]lib[\\/](?!query-client|queries|pwa|use-countdown|use-link-check|documents|verdict|use-may-open|focus-field|bound-field))|([\\/]src[\\/]contract[\\/](?!access|schemas|email-address|luhn|redemption|requisites|company|users|catalogue|analytics|widgets|site|content|money|audit|webhooks|api-keys|lookup-alerts|report-schedules))|([\\/]src[\\/]ui[\\/](button|field|form-failure|language-select|language-names|layout|logo)\.tsx?)|([\\/]src[\\/]routes[\\/]admin[\\/]products[\\/]-search\.ts)|([\\/]src[\\/]routes[\\/]-search\.ts)|styled-system/,
            },
            {
              // Who may open what (decision 084): signed-in pages only, so the role map stays off the sign-in page; one file, not three.
              name: 'access',
              test: /[\\/]src[\\/](lib[\\/](verdict|use-may-open)|contract[\\/]access)\.ts/,
            },
            {
              // The sign-in page and its layout, the first screen of most visits: the modules of the route the guard signs in at
              // (scripts/route-places.ts, decision 091).
              name: 'signin',
              test: (id) => SIGN_IN_MODULES.has(id.split('?')[0]!),
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
