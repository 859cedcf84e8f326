import type { Executor } from '../db/client';
import { mailAttachments, mailOutbox } from '../db/schema';
import { renderMail } from './render';
import type { MailAttachment, MailRequest } from './types';

/**
 * Renders a mail and writes it to the outbox as pending, with its attachments; the worker sends it.
 * Pass the caller's transaction so the mail exists exactly when its cause does.
 * `at` (the caller's clock) sets when it was written and becomes due; the database's clock otherwise.
 */
export async function enqueueMail(db: Executor, request: MailRequest, at?: Date, attachments: MailAttachment[] = []): Promise<void> {
  const mail = renderMail(request);
  const values = {
    to: request.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    status: 'pending' as const,
    ...request.about,
    ...(at && { createdAt: at, nextAttemptAt: at }),
  };
  if (!attachments.length) {
    await db.insert(mailOutbox).values(values);
    return;
  }
  // A savepoint inside the caller's transaction: the worker never sees the mail without its files.
  await db.transaction(async (tx) => {
    const [queued] = await tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
    await tx.insert(mailAttachments).values(attachments.map((attachment) => ({ ...attachment, mailId: queued!.id })));
  });
}
