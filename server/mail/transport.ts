import nodemailer, { type Transporter } from 'nodemailer';

/** SMTP from `SMTP_URL` (smtp:// or smtps://, credentials in the URL); none without it, and the worker logs mail instead. */
export function createMailTransport(smtpUrl: string | undefined): Transporter | undefined {
  if (!smtpUrl) return undefined;
  return nodemailer.createTransport({
    url: smtpUrl,
    // A hung server must not hold the worker's pass for ever; a failed send is retried later.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}
