import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';
import { renderMail } from './render';
import type { MailRequest } from './types';

/**
 * Renders a mail and writes it to the outbox as pending; the worker sends it.
 * Pass the caller's transaction so the mail exists exactly when its cause does.
 * `at` (the caller's clock) sets when it was written and becomes due; the database's clock otherwise.
 */
export async function enqueueMail(db: Executor, request: MailRequest, at?: Date): Promise<void> {
  const mail = renderMail(request);
  await db.insert(mailOutbox).values({
    to: request.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    status: 'pending',
    ...(at && { createdAt: at, nextAttemptAt: at }),
  });
}
