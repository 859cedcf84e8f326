import { LOCALE_LANGUAGE, type Language, type Locale, type Region } from '@contract/enums';
import { and, arrayContains, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships, suppliers, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { mailLink } from '../../lib/links';
import { enqueueMail } from '../../mail/outbox';

type CompanyMail = { template: 'companySubmitted' | 'companyApproved' } | { template: 'companyRejected'; reason: string };

/** Where a mail about the company leads: its page in the PWA, on the recipient's region's site. */
const companyLink = (deps: Deps, region: Region, supplierId: string): string =>
  mailLink(deps.config, region, `companies/supplier/${supplierId}`);

/**
 * Who gets the company's mails: its admins (blocked ones excepted), each with the language to write
 * in: the one the company was submitted in, else their own, and their region (whose site their links lead to).
 */
export async function companyAdmins(
  db: Executor,
  company: { id: string; language: Locale | null },
): Promise<{ email: string; language: Language; region: Region }[]> {
  const admins = await db
    .select({ email: users.email, preferredLanguage: users.preferredLanguage, region: users.region })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.supplierId, company.id), arrayContains(memberships.roles, ['roleAdmin']), ne(users.status, 'blocked')));
  return admins.map((admin) => ({
    email: admin.email,
    language: LOCALE_LANGUAGE[company.language ?? admin.preferredLanguage],
    region: admin.region,
  }));
}

/** Mails every admin of the company about it, through the outbox of the caller's transaction. */
export async function mailCompanyAdmins(
  db: Executor,
  deps: Deps,
  company: { id: string; name: string; language: Locale | null },
  mail: CompanyMail,
): Promise<void> {
  for (const { email, language, region } of await companyAdmins(db, company)) {
    const link = companyLink(deps, region, company.id);
    const request =
      mail.template === 'companyRejected'
        ? { template: mail.template, params: { companyName: company.name, reason: mail.reason, link } }
        : { template: mail.template, params: { companyName: company.name, link } };
    await enqueueMail(db, { to: email, language, ...request }, deps.now());
  }
}

/**
 * Tells the company's admins that the server disabled one of its webhook endpoints after a run of failures
 * (decision 094), with a link to the endpoint's page: in the transaction that disables it.
 */
export async function mailWebhookDisabled(
  tx: Executor,
  deps: Pick<Deps, 'config'>,
  endpoint: { id: string; url: string; supplierId: string },
  at: Date,
): Promise<void> {
  const [company] = await tx
    .select({ id: suppliers.id, name: suppliers.name, language: suppliers.language })
    .from(suppliers)
    .where(eq(suppliers.id, endpoint.supplierId));
  if (!company) return;
  for (const { email, language, region } of await companyAdmins(tx, company)) {
    const link = mailLink(deps.config, region, `integrations/webhooks/${endpoint.id}`);
    await enqueueMail(
      tx,
      { to: email, language, template: 'webhookDisabled', params: { companyName: company.name, url: endpoint.url, link } },
      at,
    );
  }
}
