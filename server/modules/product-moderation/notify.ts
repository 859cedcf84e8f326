import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { mailLink } from '../../lib/links';
import { enqueueMail } from '../../mail/outbox';
import type { ProductCompany, ProductRow } from '../catalogue';
import { companyAdmins } from '../supplier';

/** Tells the company's admins how moderation ended, with the moderator's comment and a link to the product. */
export async function mailDecision(
  db: Executor,
  deps: Deps,
  company: ProductCompany,
  product: ProductRow,
  template: 'productApproved' | 'productRejected',
  now: Date,
): Promise<void> {
  const params = {
    companyName: company.name,
    productName: product.data.characteristics.name,
    comment: product.moderationComment,
  };
  for (const { email, language, region } of await companyAdmins(db, company)) {
    const link = mailLink(deps.config, region, `certificates/${product.id}`);
    await enqueueMail(db, { to: email, language, template, params: { ...params, link } }, now);
  }
}
