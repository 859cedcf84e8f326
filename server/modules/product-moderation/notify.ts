import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { linkUnder } from '../../lib/links';
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
    link: linkUnder(deps.config.PUBLIC_URL, `certificates/${product.id}`),
  };
  for (const { email, language } of await companyAdmins(db, company)) await enqueueMail(db, { to: email, language, template, params }, now);
}
