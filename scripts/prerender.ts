import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parse, serialize, defaultTreeAdapter as tree, type DefaultTreeAdapterMap } from 'parse5';
import { build, type Plugin } from 'vite';
import { LOCALES, REGIONS, type Locale, type Region } from '../src/contract/enums';
import { PRERENDERED_PAGES, prerenderedFile } from '../src/contract/prerendered';
import type { RenderedPage } from '../src/prerender';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const elements = (node: Node): Element[] => {
  const children = 'childNodes' in node ? node.childNodes : [];
  return children.flatMap((child) => (tree.isElementNode(child) ? [child, ...elements(child)] : []));
};
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const setAttribute = (element: Element, name: string, value: string) => {
  element.attrs = [...element.attrs.filter((attr) => attr.name !== name), { name, value }];
};

const ROOT_CONTENT = '<!--prerendered-root-->';

/**
 * The built index.html as a page's document: without the hand-drawn shell and its script (decision 070), which the
 * page itself replaces; `<html lang>`, the brand's accent and the title set; `#root` marked and filled.
 */
export function pageDocument(indexHtml: string, page: RenderedPage): string {
  const document = parse(indexHtml);
  const all = elements(document);
  const html = all.find((element) => element.tagName === 'html')!;
  setAttribute(html, 'lang', page.lang);
  setAttribute(html, 'data-brand', page.brand);
  for (const element of all) {
    const inlineScript = element.tagName === 'script' && attribute(element, 'src') === undefined;
    if (attribute(element, 'id') === 'first-paint' || inlineScript) tree.detachNode(element);
  }
  const title = all.find((element) => element.tagName === 'title')!;
  title.childNodes = [];
  tree.insertText(title, page.title);
  const root = all.find((element) => attribute(element, 'id') === 'root')!;
  setAttribute(root, 'data-prerendered', page.mark);
  tree.appendChild(root, tree.createCommentNode('prerendered-root'));
  // What React hoists (the logo's preload) leads its output: it belongs in <head>, where hydration does not look.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(page.body)![0];
  return serialize(document)
    .replace('</head>', () => `${hoisted}</head>`)
    .replace(ROOT_CONTENT, () => page.body.slice(hoisted.length));
}

/**
 * The Vite plugin: once the app is built (before the compressed copies are written), bundles src/prerender.tsx for
 * Node with the same configuration and renders every page in every region and locale.
 */
export const prerenderPages = (): Plugin => {
  let outDir = 'dist';
  let configFile: string | undefined;
  let root = '.';
  return {
    name: 'certdesk:prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      root = config.root;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // Inside the project, so that the bundle's imports of node_modules resolve.
        mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
        const serverDir = mkdtempSync(join(root, 'node_modules/.cache/prerender-'));
        try {
          await build({
            configFile,
            logLevel: 'warn',
            build: { ssr: 'src/prerender.tsx', outDir: serverDir, emptyOutDir: true, manifest: false },
          });
          const jobs = REGIONS.flatMap((region) =>
            LOCALES.flatMap((locale) => PRERENDERED_PAGES.map((path) => [path, region, locale] as const)),
          );
          const pages = await renderInWorker(pathToFileURL(join(serverDir, 'prerender.js')).href, jobs);
          const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
          jobs.forEach(([path, region, locale], index) => {
            const file = join(outDir, prerenderedFile(region, locale, path));
            mkdirSync(dirname(file), { recursive: true });
            // Written aside and renamed: a server serving this directory while it is rebuilt never reads half a page.
            writeFileSync(`${file}.tmp`, pageDocument(indexHtml, pages[index]!));
            renameSync(`${file}.tmp`, file);
          });
        } finally {
          rmSync(serverDir, { recursive: true, force: true });
        }
      },
    },
  };
};

/**
 * Renders the pages in a worker thread that is ended afterwards: the app's modules start timers and listeners (the
 * online probe, the stores) that would keep the build's own process from exiting.
 */
async function renderInWorker(entry: string, jobs: (readonly [string, Region, Locale])[]): Promise<RenderedPage[]> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     import(workerData.entry).then(async ({ renderPage }) => {
       const pages = [];
       for (const job of workerData.jobs) pages.push(await renderPage(...job));
       parentPort.postMessage(pages);
     });`,
    { eval: true, workerData: { entry, jobs } },
  );
  try {
    return await new Promise<RenderedPage[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`prerender: the worker stopped (${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}
