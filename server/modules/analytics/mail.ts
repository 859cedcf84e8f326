import type { Report, ResolvedPeriod } from '@contract/analytics';
import type { Language } from '@contract/enums';
import type { MailDelivery } from '@contract/mail';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { hitLimit } from '../../lib/rate-limit';
import { mailDeliveries } from '../../mail/deliveries';
import { enqueueMail } from '../../mail/outbox';
import type { MailAttachment } from '../../mail/types';
import { openReport, type ReportCompany } from './access';

/** E-mailed reports per person: enough for a working day, too few to flood an address with files. */
export const REPORT_MAILS = { max: 10, windowMs: 3_600_000 };

/** Counts one e-mailed report of the signed-in person; refuses it (RATE_LIMITED) past REPORT_MAILS. */
export async function countMailedReport(deps: Deps, auth: AuthContext): Promise<void> {
  const sends = await hitLimit(deps.db, `report-mail:${auth.userId}`, REPORT_MAILS, deps.now());
  if (sends.exceeded) fail('RATE_LIMITED', { retryAfterSeconds: sends.retryAfterSeconds });
}

export interface ReportMail {
  to: string;
  rows: number;
  company: ReportCompany;
  report: Report;
  period: ResolvedPeriod;
  language: Language;
  file: MailAttachment;
}

/** How far back a report's page shows the mails its reader sent of it, and how many (decision 082). */
const SHOWN_MAILS = { days: 7, max: 5 };

/** The signed-in person's latest mails of the report from the company, with where each is: what the page warns of. */
export async function reportMails(deps: Deps, auth: AuthContext, report: Report, supplierId: string): Promise<MailDelivery[]> {
  const company = await openReport(deps, auth, supplierId, report);
  return mailDeliveries(
    deps.db,
    { supplierId: company.id, topic: 'report', reference: report, senderId: auth.userId },
    { since: new Date(deps.now().getTime() - SHOWN_MAILS.days * 86_400_000), limit: SHOWN_MAILS.max },
  );
}

/** Queues the report with its file and records who sent what where, in one transaction. */
export async function queueReportMail(deps: Deps, auth: AuthContext, mail: ReportMail): Promise<void> {
  const now = deps.now();
  const { company, report, period, rows } = mail;
  await deps.db.transaction(async (tx) => {
    await enqueueMail(
      tx,
      {
        to: mail.to,
        template: 'reportMailed',
        language: mail.language,
        params: { companyName: company.name, report, from: period.from, to: period.to, rows },
        about: { supplierId: company.id, senderId: auth.userId, topic: 'report', reference: report },
      },
      now,
      [mail.file],
    );
    await audit(
      tx,
      {
        action: 'analytics.reportMailed',
        userId: auth.userId,
        supplierId: company.id,
        details: { report, from: period.from, to: period.to, rows, recipient: mail.to },
      },
      now,
    );
  });
}
