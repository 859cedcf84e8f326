import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Brotli and gzip copies of every compressible file of the build, written beside it (`app.js.br`, `app.js.gz`), so
 * the server sends them by content negotiation at no cost per request (decision 067). Files under 1 KiB, and copies
 * that would not be smaller, are left out: the file itself is sent.
 */

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|webmanifest|svg|wasm|txt|xml|map)$/;
const MIN_BYTES = 1024;
/** Brotli's best quality takes ~6× as long as 9 on the scanner's 1 MB wasm for 12 % less: large files get 9. */
const LARGE_BYTES = 512 * 1024;

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesOf(path) : [path];
  });

/** Writes the compressed copies of `dir`'s files; answers how many files got them. */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const path of filesOf(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const content = readFileSync(path);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: content.length > LARGE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
    count += 1;
  }
  return count;
}

/** The Vite plugin: compresses the output once everything else (the service worker too) is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'certdesk:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDirectory(outDir);
      },
    },
  };
}
