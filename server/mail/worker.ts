import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { mailAttachments, mailOutbox } from '../db/schema';
import type { Logger } from '../lib/log';
import { pollingWorker, type PollingWorker } from '../lib/polling';

export interface OutboxWorkerOptions {
  db: Db;
  log: Logger;
  /** No transport (no SMTP_URL): each message is printed to the log and marked 'logged'. */
  transport?: Transporter | undefined;
  from: string;
  pollMs: number;
  now?: () => Date;
  /** The first retry waits this long, each next one twice as long, never more than an hour. */
  backoffBaseMs?: number;
  /** After this many failed tries a message is marked 'failed'; a permanent refusal (5xx) is after the first. */
  maxAttempts?: number;
  /** How many messages one claim takes. */
  batchSize?: number;
  /** A claimed message is due again after this long, should the process die while sending it. */
  leaseMs?: number;
}

export interface PassResult {
  sent: number;
  failed: number;
  retried: number;
  logged: number;
}

/** `processDue` sends everything that is due now, batch after batch. */
export type OutboxWorker = PollingWorker<PassResult>;

export const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Wait before the next try after `attempts` failed ones: base·2^(attempts−1), capped at an hour. */
export const backoffMs = (attempts: number, baseMs: number): number => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

type Claimed = Pick<typeof mailOutbox.$inferSelect, 'id' | 'to' | 'subject' | 'text' | 'html' | 'attempts'> & {
  /** How many files go with it: only a mail with some reads them. */
  attachments: number;
};

/** What nodemailer tells of a refusal: the SMTP server's reply and its code, and at which stage it came. */
type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** The server's own reply where there is one ("550 5.1.1 <x@y>: Recipient address rejected"), else what went wrong. */
const describeError = (error: unknown): string =>
  ((error as SmtpError).response ?? (error instanceof Error ? error.message : String(error))).slice(0, 1000);

/**
 * A 5xx reply to the envelope or the message is the recipient's server refusing this mail for good (RFC 5321 §4.2.1):
 * trying again gets the same answer. A 5xx to our login (a wrong SMTP password) is ours to fix, and a connection
 * that failed or a 4xx are temporary: those are tried again.
 */
const isPermanent = (error: unknown): boolean => {
  const { code, responseCode } = error as SmtpError;
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && responseCode !== undefined && responseCode >= 500 && responseCode < 600;
};

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log, transport, from, pollMs } = options;
  const now = options.now ?? (() => new Date());
  const backoffBaseMs = options.backoffBaseMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 5 * 60_000;

  /**
   * Takes due messages in one statement: the row locks with SKIP LOCKED keep two
   * workers (or two server processes) from taking the same message, and the lease
   * moves next_attempt_at on so a message claimed by a dead process comes back later.
   */
  const claim = async (at: Date): Promise<Claimed[]> => {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + leaseMs) })
      .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        attempts: mailOutbox.attempts,
        // Spelled out: RETURNING names columns bare, and a bare "id" in the subquery would be the attachment's.
        attachments: sql<number>`(select count(*) from ${mailAttachments} where ${mailAttachments.mailId} = ${mailOutbox}.id)`.mapWith(
          Number,
        ),
      });
  };

  /** A message's files as nodemailer takes them, read one message at a time (a report may weigh megabytes). */
  const attachmentsOf = async (message: Claimed) => {
    if (!message.attachments) return [];
    const files = await db
      .select({ filename: mailAttachments.filename, contentType: mailAttachments.contentType, content: mailAttachments.content })
      .from(mailAttachments)
      .where(eq(mailAttachments.mailId, message.id))
      .orderBy(asc(mailAttachments.filename));
    return files.map((file) => ({ ...file, content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength) }));
  };

  const deliver = async (message: Claimed, result: PassResult): Promise<void> => {
    if (!transport) {
      log.info('mail (no SMTP_URL: logged, not sent)', {
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.attachments > 0 && { attachments: message.attachments }),
      });
      await db.update(mailOutbox).set({ status: 'logged', lastError: null }).where(eq(mailOutbox.id, message.id));
      result.logged += 1;
      return;
    }
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== null && { html: message.html }),
        attachments: await attachmentsOf(message),
      });
    } catch (error) {
      const lastError = describeError(error);
      // Failed for good is recorded with the reply: the sender sees it where they sent the mail from (decision 082).
      if (isPermanent(error) || message.attempts >= maxAttempts) {
        await db.update(mailOutbox).set({ status: 'failed', lastError }).where(eq(mailOutbox.id, message.id));
        log.error(isPermanent(error) ? 'mail refused by the server' : 'mail failed for good', {
          id: message.id,
          attempts: message.attempts,
          error: lastError,
        });
        result.failed += 1;
      } else {
        const nextAttemptAt = new Date(now().getTime() + backoffMs(message.attempts, backoffBaseMs));
        await db.update(mailOutbox).set({ lastError, nextAttemptAt }).where(eq(mailOutbox.id, message.id));
        log.warn('mail not sent, will retry', {
          id: message.id,
          attempts: message.attempts,
          nextAttemptAt: nextAttemptAt.toISOString(),
          error: lastError,
        });
        result.retried += 1;
      }
      return;
    }
    await db.update(mailOutbox).set({ status: 'sent', sentAt: now(), lastError: null }).where(eq(mailOutbox.id, message.id));
    result.sent += 1;
  };

  /** Batch after batch until nothing is due, or until `goOn` says stop (checked between batches). */
  const pass = async (goOn: () => boolean): Promise<PassResult> => {
    const result: PassResult = { sent: 0, failed: 0, retried: 0, logged: 0 };
    for (;;) {
      const batch = await claim(now());
      for (const message of batch) await deliver(message, result);
      if (batch.length < batchSize || !goOn()) return result;
    }
  };

  return pollingWorker(pass, pollMs, (error) => log.error('outbox pass failed', { error: describeError(error) }));
}
