import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { collectOperations, openapiDocument } from './document';
import { docsCss, docsPage } from './page';

/** `/api/openapi.json` and `/api/docs`, built once from the API's own routes. */
export function openapiRoutes(api: Hono<AppEnv>) {
  const operations = collectOperations(api, '/api');
  const document = openapiDocument(operations);
  const page = docsPage(operations);
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(document))
    .get('/docs', async (c) => c.html(await page))
    .get('/docs.css', (c) => c.body(docsCss, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
}
