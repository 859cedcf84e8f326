import type { Page, RedemptionHistoryRow } from '@contract/schemas/redemption';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { apiKeys, redemptions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { actorLabel } from '../api-keys';

/**
 * A page of ledger entries, newest first, with who wrote each (a person, or a company's API key: decision 093): the
 * till's history and the register API's history of a certificate.
 */
export async function ledgerPage(deps: Deps, where: SQL | undefined, page: number, pageSize: number): Promise<Page<RedemptionHistoryRow>> {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ entry: redemptions, user: actorLabel.id, userName: actorLabel.name })
      // The entry keeps its certificate's number, order and currency (decision 057): no certificate is read.
      .from(redemptions)
      .leftJoin(users, eq(users.id, redemptions.userId))
      .leftJoin(apiKeys, eq(apiKeys.id, redemptions.apiKeyId))
      .where(where)
      .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ value: count() }).from(redemptions).where(where),
  ]);
  return {
    items: rows.map(({ entry, user, userName }) => ({
      transactionId: entry.transactionNumber,
      orderNumber: entry.orderNumber,
      certificateId: entry.certificateId,
      certificateNumber: entry.certificateNumber,
      date: entry.createdAt.toISOString(),
      sum: entry.amount,
      currency: entry.currency,
      status: entry.status,
      errorCode: entry.errorCode,
      user,
      userName,
    })),
    page,
    pageSize,
    total: total?.value ?? 0,
  };
}
