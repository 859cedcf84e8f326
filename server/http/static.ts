import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../deps';

/**
 * Serves the built PWA. Hashed assets are cached for a year; the shell and the
 * service worker are revalidated on every load so a new version is seen.
 * Any other GET outside /api gets index.html (the client routes it).
 */
export function serveApp(app: Hono<AppEnv>, root: string): void {
  const indexPath = join(root, 'index.html');
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (path, c) => {
        const immutable = path.includes('/assets/');
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    if (!existsSync(indexPath)) return c.text('The PWA is not built: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });
}
