import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../deps';
import { prerenderedPage } from './prerendered';

/** What the build compresses (scripts/precompress.ts): the answer for these depends on Accept-Encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|webmanifest|svg|wasm|txt|xml|map)$/;

/**
 * Hashed assets are kept a year; the shell and the service worker are revalidated on every load, so a new version
 * is seen. Set on the answer itself: headers set in serveStatic's onFound are lost with the answer it returns.
 */
const withCacheHeaders =
  (serve: MiddlewareHandler<AppEnv>, file?: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const answer = await serve(c, next);
    // Not a file here: serveStatic went on to the next handler, whose answer is not ours to touch.
    if (!(answer instanceof Response)) return;
    const path = file ?? c.req.path;
    answer.headers.set('Cache-Control', path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (COMPRESSIBLE.test(path)) answer.headers.set('Vary', 'Accept-Encoding');
    return answer;
  };

/** A page's document (the shell or a prerendered page) differs by the visitor's language and session (decision 099). */
const withPageVary =
  (serve: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const answer = await serve(c, next);
    if (answer instanceof Response) answer.headers.set('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    return answer;
  };

/**
 * Serves the built PWA, the Brotli or gzip copy the build wrote when the browser accepts it (decision 067). A public
 * page the build prerendered gets its document in the visitor's region and language (decision 099); any other GET
 * outside /api gets index.html (the client routes it).
 */
export function serveApp(app: Hono<AppEnv>, root: string): void {
  app.use('*', withCacheHeaders(serveStatic({ root, precompressed: true })));
  // One server per document (the shell, each prerendered page), built when first asked for.
  const documents = new Map<string, MiddlewareHandler<AppEnv>>();
  const serveDocument = (file: string) => {
    let serve = documents.get(file);
    if (!serve)
      documents.set(file, (serve = withPageVary(withCacheHeaders(serveStatic({ root, path: file, precompressed: true }), `/${file}`))));
    return serve;
  };
  app.get('*', async (c, next) => {
    const file = prerenderedPage(root, c) ?? 'index.html';
    return (
      (existsSync(join(root, file)) ? await serveDocument(file)(c, next) : undefined) ??
      c.text('The PWA is not built: run `npm run build`.', 503)
    );
  });
}
