import { desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { email } from '../../../src/contract/schemas/fields';
import { mailOutbox } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { describe, validate } from '../../http/validate';

export const OUTBOX_PAGE = 50;

const outboxQuery = v.object({ to: v.optional(email) });

/**
 * Development helpers, mounted at /api/dev only when NODE_ENV is not production:
 * people trying the product and the browser tests read e-mailed codes here.
 */
export function devRoutes(deps: Deps) {
  return new Hono<AppEnv>().get(
    '/outbox',
    describe({ summary: 'Latest outbox messages, newest first (not in production)', tag: 'dev' }),
    validate('query', outboxQuery),
    async (c) => {
      const { to } = c.req.valid('query');
      const rows = await deps.db
        .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
        .from(mailOutbox)
        .where(to === undefined ? undefined : eq(sql`lower(${mailOutbox.to})`, to))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(OUTBOX_PAGE);
      return c.json({ data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) });
    },
  );
}
