import { LOCALE_LANGUAGE, type Language, type Locale } from '@contract/enums';
import { and, arrayContains, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { linkUnder } from '../../lib/links';
import { enqueueMail } from '../../mail/outbox';

type CompanyMail = { template: 'companySubmitted' | 'companyApproved' } | { template: 'companyRejected'; reason: string };

/** Where a mail about the company leads: its page in the PWA. */
export const companyLink = (deps: Deps, supplierId: string): string =>
  linkUnder(deps.config.PUBLIC_URL, `companies/supplier/${supplierId}`);

/**
 * Who gets the company's mails: its admins (blocked ones excepted), each with the language to write
 * in: the one the company was submitted in, else their own.
 */
export async function companyAdmins(
  db: Executor,
  company: { id: string; language: Locale | null },
): Promise<{ email: string; language: Language }[]> {
  const admins = await db
    .select({ email: users.email, preferredLanguage: users.preferredLanguage })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.supplierId, company.id), arrayContains(memberships.roles, ['roleAdmin']), ne(users.status, 'blocked')));
  return admins.map((admin) => ({ email: admin.email, language: LOCALE_LANGUAGE[company.language ?? admin.preferredLanguage] }));
}

/** Mails every admin of the company about it, through the outbox of the caller's transaction. */
export async function mailCompanyAdmins(
  db: Executor,
  deps: Deps,
  company: { id: string; name: string; language: Locale | null },
  mail: CompanyMail,
): Promise<void> {
  const link = companyLink(deps, company.id);
  for (const { email, language } of await companyAdmins(db, company)) {
    const request =
      mail.template === 'companyRejected'
        ? { template: mail.template, params: { companyName: company.name, reason: mail.reason, link } }
        : { template: mail.template, params: { companyName: company.name, link } };
    await enqueueMail(db, { to: email, language, ...request }, deps.now());
  }
}
