import type { Executor } from '../../db/client';
import { certificates } from '../../db/schema';

/** Sold certificates, written where the till spends them (decision 092: this module owns the table). */
export async function writeSoldCertificates(tx: Executor, sold: (typeof certificates.$inferInsert)[]): Promise<void> {
  await tx.insert(certificates).values(sold);
}
