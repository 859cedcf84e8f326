/**
 * Mails someone sends by hand, whose fate the product shows them (decision 082): a report sent by e-mail (on the
 * report's page) and an invitation (on the invited person's page).
 */
export const MAIL_TOPICS = ['report', 'invitation'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

/**
 * Where such a mail is: `pending` on its way (with `error` when a try failed for a while and it will be tried again),
 * `sent` taken by the recipient's mail server (or, without SMTP, `logged`), `failed` refused for good or given up
 * after the last try, with the server's reply in `error`.
 */
export interface MailDelivery {
  to: string;
  /** When it was queued, ISO. */
  queuedAt: string;
  status: 'pending' | 'sent' | 'logged' | 'failed';
  error: string | null;
}
