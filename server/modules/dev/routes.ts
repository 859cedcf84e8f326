import { email } from '@contract/schemas/fields';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { mailAttachments, mailOutbox } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { AppError } from '../../lib/errors';

export const OUTBOX_PAGE = 50;

const outboxQuery = v.object({ to: v.optional(email) });
const attachmentParam = v.object({ id: v.pipe(v.string('WRONG_TYPE'), v.uuid('WRONG_TYPE')) });

/**
 * Development helpers, mounted at /api/dev only when NODE_ENV is not production:
 * people trying the product and the browser tests read e-mailed codes and reports here.
 */
export function devRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get(
      '/outbox',
      describe({ summary: 'Latest outbox messages, newest first, with their attachments (not in production)', tag: 'dev' }),
      validate('query', outboxQuery),
      async (c) => {
        const { to } = c.req.valid('query');
        const rows = await deps.db
          .select({
            id: mailOutbox.id,
            to: mailOutbox.to,
            subject: mailOutbox.subject,
            text: mailOutbox.text,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(to === undefined ? undefined : eq(sql`lower(${mailOutbox.to})`, to))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(OUTBOX_PAGE);
        const files = rows.length
          ? await deps.db
              .select({
                id: mailAttachments.id,
                mailId: mailAttachments.mailId,
                filename: mailAttachments.filename,
                contentType: mailAttachments.contentType,
                size: sql<number>`octet_length(${mailAttachments.content})`.mapWith(Number),
              })
              .from(mailAttachments)
              .where(
                inArray(
                  mailAttachments.mailId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(mailAttachments.filename)
          : [];
        return c.json({
          data: rows.map(({ id, ...row }) => ({
            ...row,
            createdAt: row.createdAt.toISOString(),
            attachments: files.filter((file) => file.mailId === id).map(({ mailId: _mailId, ...file }) => file),
          })),
        });
      },
    )
    .get(
      '/outbox/attachments/:id',
      describe({ summary: 'A file sent with an outbox message, as an attachment (not in production)', tag: 'dev' }),
      validate('param', attachmentParam),
      async (c) => {
        const [file] = await deps.db
          .select({ filename: mailAttachments.filename, contentType: mailAttachments.contentType, content: mailAttachments.content })
          .from(mailAttachments)
          .where(eq(mailAttachments.id, c.req.valid('param').id));
        if (!file) throw new AppError('NOT_FOUND');
        return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': file.contentType,
          'Content-Disposition': `attachment; filename="${file.filename}"`,
          'X-Content-Type-Options': 'nosniff',
        });
      },
    );
}
