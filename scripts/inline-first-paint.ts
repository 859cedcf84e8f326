import { readFileSync } from 'node:fs';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { OutputBundle } from 'rolldown';
import { build, type Alias, type Plugin } from 'vite';
import { LANGUAGES, type Language } from '../src/contract/enums';
import { firstPaintPlaces, SIGN_IN_PATH } from './route-places';

/**
 * The first paint of index.html (decision 070), put together at build time:
 * - the shell's script (src/first-paint.ts) is bundled on its own and written inline where index.html says
 *   `<!--first-paint-script-->`, with the texts of the shell's `data-text` ids in every language and the pages of the
 *   route tree (scripts/route-places.ts);
 * - the app's stylesheet is written inline too (the shell is drawn with the app's own classes, and nothing is left
 *   to block its paint) and its file dropped; the app's scripts are asked for at low priority; the comments go.
 */
export const inlineFirstPaint = (alias: Alias[]): Plugin => ({
  name: 'certdesk:first-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    async handler(html, { bundle }) {
      const ids = [...new Set([...html.matchAll(/data-text="([^"]+)"/g)].map((match) => match[1]!))];
      const script = await bundleScript(alias, shellTexts(ids));
      const page = inlineStylesheets(
        html.replace('<!--first-paint-script-->', () => `<script>${script}</script>`),
        bundle,
      );
      return lowPriorityScripts(page).replace(/\s*<!--[^]*?-->/g, '');
    },
  },
});

/** The shell shows plain texts only: a message with arguments or markup would need the app's formatter. */
const plainText = (language: Language, id: string, source: string | undefined): string => {
  const [element, ...rest] = source === undefined ? [] : parse(source);
  if (element?.type !== TYPE.literal || rest.length > 0) throw new Error(`first paint: ${language} "${id}" is missing or not plain text`);
  return element.value;
};

const shellTexts = (ids: string[]): Record<Language, Record<string, string>> =>
  Object.fromEntries(
    LANGUAGES.map((language) => {
      const messages = JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>;
      return [language, Object.fromEntries(ids.map((id) => [id, plainText(language, id, messages[id])]))];
    }),
  ) as Record<Language, Record<string, string>>;

/** src/first-paint.ts and what it imports, as one classic script. */
async function bundleScript(alias: Alias[], texts: Record<Language, Record<string, string>>): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias },
    define: {
      FIRST_PAINT_TEXTS: JSON.stringify(texts),
      FIRST_PAINT_PLACES: JSON.stringify(firstPaintPlaces()),
      FIRST_PAINT_SIGN_IN: JSON.stringify(SIGN_IN_PATH),
    },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: { entry: 'src/first-paint.ts', formats: ['iife'], name: 'certdeskFirstPaint' },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const code = output && 'output' in output ? output.output[0].code : undefined;
  if (!code) throw new Error('first paint: the script did not build');
  return code.trim();
}

/**
 * The app's scripts are not needed for the first paint any more: asked for at low priority, they leave the way to
 * what the shell shows (its logo), and nothing takes them for render-blocking.
 */
const lowPriorityScripts = (html: string): string =>
  html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');

/** The stylesheets the build linked, written into the page; the entry no longer names their files. */
function inlineStylesheets(html: string, bundle: OutputBundle | undefined): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const asset = bundle?.[file];
    if (asset?.type !== 'asset') return tag;
    const css = String(asset.source);
    if (css.includes('</style')) throw new Error(`first paint: ${file} cannot be written inline`);
    delete bundle![file];
    for (const chunk of Object.values(bundle!)) if (chunk.type === 'chunk') chunk.viteMetadata?.importedCss.delete(file);
    return `<style>${css}</style>`;
  });
}
