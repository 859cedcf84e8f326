import { existsSync, readFileSync } from 'node:fs';
import { contentPdfName } from '@contract/content';
import { contentImageParam, contentParam, contentQuery } from '@contract/schemas/content';
import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { AppError } from '../../lib/errors';
import { renderDocumentPdf } from './pdf';
import { loadDocument } from './service';
import { contentImageFile, servedLanguage } from './source';

const tag = 'content';

/**
 * The documents (decision 60), under /api/front/content, with no sign-in: someone registering reads the offer before
 * they have an account. An unknown document is simply not there (404), whatever its name looks like.
 */
export const contentRoutes = () =>
  new Hono<AppEnv>()
    .get(
      '/:document',
      describe({ tag, summary: 'A document (offer, privacy policy, contacts, instruction) as blocks for its page' }),
      validate('param', contentParam, 'NOT_FOUND'),
      validate('query', contentQuery),
      (c) => sendData(c, loadDocument(c.req.valid('param').document, c.req.valid('query').language)),
    )
    .get(
      '/:document/pdf',
      describe({ tag, summary: 'A document as a PDF download, the same text as its page', files: ['application/pdf'] }),
      validate('param', contentParam, 'NOT_FOUND'),
      validate('query', contentQuery),
      async (c) => {
        const { document } = c.req.valid('param');
        const language = servedLanguage(document, c.req.valid('query').language);
        const pdf = await renderDocumentPdf(document, language);
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${contentPdfName(document, language)}"`,
        });
      },
    )
    .get(
      '/:document/screens/:name',
      describe({ tag, summary: "An image of a document's page", files: ['image/png'] }),
      validate('param', contentImageParam, 'NOT_FOUND'),
      (c) => {
        const { document, name } = c.req.valid('param');
        const file = contentImageFile(document, name);
        if (!existsSync(file)) throw new AppError('NOT_FOUND');
        return c.body(new Uint8Array(readFileSync(file)), 200, { 'Content-Type': 'image/png' });
      },
    );
