import type { Report, ResolvedPeriod } from '@contract/analytics';
import type { Language } from '@contract/enums';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { hitLimit } from '../../lib/rate-limit';
import { enqueueMail } from '../../mail/outbox';
import type { MailAttachment } from '../../mail/types';
import type { ReportCompany } from './access';

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
