/**
 * `npm run size`: the gzip size of the JavaScript that /login, / and the till load first (the budget), and the Brotli
 * bytes the server sends for it (the build's .br copies, decision 067),
 * read from the Vite manifest of the last build (run `npm run build` first).
 * First load = the entry and its static imports, plus the split components of
 * the page's layout and page routes, plus the default (ru) locale parts the
 * page waits for (public on /login; public and portal on the till; all three on /).
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

// 121.5 since the register API, webhooks and the audit log (decision 085, "Budget"): their five pages' declarations
// ride in the route tree every first load carries (+0.33 KiB gzip). 122.5 since the prerendered pages (decision 099):
// hydration, the typed values' hand-over and the form sign-in's shared rules (+0.3 KiB gzip); what is sent, Brotli,
// stays within issue 31's 110 KiB. 123 since typing during hydration is kept and the reset's e-mail page posts itself
// (decisions 099, 105): the watcher in the entry and the refused form's shared reading (+0.7 KiB gzip, +0.6 Brotli).
const TARGET_KIB = { '/login': 123 } as Record<string, number>;
/** Issue 16's targets for what goes over the wire: printed, not a budget (decision 070). */
const BROTLI_TARGET_KIB = { '/login': 110, '/redemption': 160 } as Record<string, number>;
const PAGES: Record<string, { routes: string[]; localeParts: string[] }> = {
  '/login': { routes: ['src/routes/_auth.tsx', 'src/routes/_auth/login.tsx'], localeParts: ['public'] },
  // The dashboard, like every desktop page, waits for the office part too (decision 073).
  '/': { routes: ['src/routes/_app.tsx', 'src/routes/_app/index.tsx'], localeParts: ['public', 'portal', 'office'] },
  // The till: the scanner's reader (zxing wasm) loads only when the camera opens.
  '/redemption': { routes: ['src/routes/_app.tsx', 'src/routes/_app/redemption.tsx'], localeParts: ['public', 'portal'] },
};

const manifestPath = 'dist/.vite/manifest.json';
if (!existsSync(manifestPath)) {
  process.stderr.write('No build found: run `npm run build` first.\n');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};

const gzipOf = (file: string): number => gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length;
/** What goes over the wire to a browser that takes Brotli: the build's copy, or the file when it has none. */
const brotliOf = (file: string): number =>
  existsSync(`dist/${file}.br`)
    ? readFileSync(`dist/${file}.br`).length
    : brotliCompressSync(readFileSync(`dist/${file}`), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
let failed = false;

for (const [path, { routes: routeFiles, localeParts }] of Object.entries(PAGES)) {
  const routeChunks = Object.keys(manifest).filter((key) => routeFiles.some((file) => key === file || key.startsWith(`${file}?`)));
  const locale = Object.keys(manifest).filter((key) => localeParts.some((part) => key.endsWith(`locales/ru.json?part=${part}`)));
  const keys = closure([...entry, ...routeChunks, ...locale]);
  const files = [...new Set([...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')))];
  const sizes = files.map((file) => ({ file, gzip: gzipOf(file) })).sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, item) => sum + item.gzip, 0);
  const target = TARGET_KIB[path];
  const verdict = target === undefined ? '' : total <= target * 1024 ? ` (target ≤ ${target} KiB: ok)` : ` (target ≤ ${target} KiB: OVER)`;
  if (target !== undefined && total > target * 1024) failed = true;
  const brotli = files.reduce((sum, file) => sum + brotliOf(file), 0);
  const sentTarget = BROTLI_TARGET_KIB[path];
  const sent = sentTarget === undefined ? '' : ` (target ≤ ${sentTarget} KiB: ${brotli <= sentTarget * 1024 ? 'ok' : 'not reached'})`;
  process.stdout.write(`${path}: ${kib(total)} gzip in ${files.length} files${verdict}; sent as ${kib(brotli)} Brotli${sent}\n`);
  for (const item of sizes.slice(0, process.argv.includes('--all') ? undefined : 6))
    process.stdout.write(`  ${kib(item.gzip).padStart(10)}  ${item.file}\n`);
}
process.exitCode = failed ? 1 : 0;

// What the service worker precaches (decision 28): every entry of dist/sw.js's precache manifest.
const swPath = 'dist/sw.js';
if (existsSync(swPath)) {
  const urls = [...readFileSync(swPath, 'utf8').matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
  const files = urls.filter((url) => existsSync(`dist/${url}`));
  const raw = files.reduce((sum, url) => sum + readFileSync(`dist/${url}`).length, 0);
  const gzip = files.reduce((sum, url) => sum + gzipOf(url), 0);
  process.stdout.write(`precache: ${files.length} entries, ${kib(raw)} (${kib(gzip)} gzip)\n`);
} else {
  process.stdout.write('precache: no dist/sw.js\n');
}
