import type { MailDelivery } from '@contract/mail';
import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailAbout } from './types';

/**
 * The latest mails about one thing (a company's report, an invited person), newest first, as their sender is shown
 * them (decision 082): the mail's state and the SMTP server's last reply. `since` bounds how far back to look;
 * `senderId` keeps a person to the mails they sent themselves.
 */
export async function mailDeliveries(
  db: Executor,
  about: Omit<MailAbout, 'senderId'> & { senderId?: string },
  options: { since?: Date; limit: number },
): Promise<MailDelivery[]> {
  const where: (SQL | undefined)[] = [
    eq(mailOutbox.supplierId, about.supplierId),
    eq(mailOutbox.topic, about.topic),
    eq(mailOutbox.reference, about.reference),
    options.since && gte(mailOutbox.createdAt, options.since),
    about.senderId === undefined ? undefined : eq(mailOutbox.senderId, about.senderId),
  ];
  const rows = await db
    .select({ to: mailOutbox.to, createdAt: mailOutbox.createdAt, status: mailOutbox.status, error: mailOutbox.lastError })
    .from(mailOutbox)
    .where(and(...where))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(options.limit);
  return rows.map((row) => ({ to: row.to, queuedAt: row.createdAt.toISOString(), status: row.status, error: row.error }));
}
