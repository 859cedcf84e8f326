import type { keyHistoryQuery, Page, RedemptionHistoryRow } from '@contract/schemas/redemption';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { certificates, redemptions } from '../../db/schema';
import type { CompanyKey, Deps } from '../../deps';
import { ledgerPage } from './ledger';
import { unknownNumber } from './lookup';
import { numberAsIssued } from './rules';

/**
 * A certificate's ledger for a company's API key (decision 093): every attempt, successful or refused, newest first.
 * Only the key's company's certificates are found; an unknown number counts as a failed lookup, as at the till.
 */
export async function certificateHistory(
  deps: Deps,
  key: CompanyKey,
  given: string,
  query: v.InferOutput<typeof keyHistoryQuery>,
): Promise<Page<RedemptionHistoryRow>> {
  const number = await numberAsIssued(deps, key.supplierId, given);
  const [certificate] = await deps.db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.number, number), eq(certificates.supplierId, key.supplierId)));
  if (!certificate) return unknownNumber(deps, { userId: null, apiKeyId: key.id }, key.supplierId, number);
  return ledgerPage(deps, eq(redemptions.certificateId, certificate.id), query.page, query.pageSize);
}
