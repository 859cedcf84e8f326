import { posterProductsQuery, posterQuery } from '@contract/schemas/marketing';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { posterPdf, posterProducts } from './service';

const tag = 'marketing';

/** Ready materials for a shop (issue 14), for the company's admins: under /api/front/marketing. */
export const marketingRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/products',
      describe({ tag, can: 'useMarketing', summary: "The company's approved certificates, which posters can be printed for" }),
      validate('query', posterProductsQuery),
      async (c) => sendData(c, await posterProducts(deps, c.var.auth, c.req.valid('query'))),
    )
    .get(
      '/poster',
      describe({
        tag,
        can: 'useMarketing',
        summary: 'A printable A4 poster (PDF) of an approved certificate with a QR code of its purchase page, at an amount',
        files: ['application/pdf'],
      }),
      validate('query', posterQuery),
      async (c) => {
        const file = await posterPdf(deps, c.var.auth, c.req.valid('query'));
        return c.body(new Uint8Array(file.content), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${file.fileName}"`,
        });
      },
    );
