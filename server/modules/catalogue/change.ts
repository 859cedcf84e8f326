import type { ActionsOf } from '@contract/audit';
import type { ModerationNote, ProductDetails } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { suppliers } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { answeringUnique, type UniqueAnswers } from '../../lib/unique';
import { companyColumns, detailsOf, type ProductCompany } from './view';
import { lockForEdit, type Editor, type ProductRow } from './working-copy';

/** A symbolic code is one product's (the marketplace's own field, saved by staff). */
const SYMBOLIC_CODE_ANSWERS = { products_symbolic_code_key: ['SYMBOLIC_CODE_TAKEN', 'data.symbolicCode'] } as const satisfies UniqueAnswers;

export interface ProductChange {
  tx: Tx;
  row: ProductRow;
  company: ProductCompany;
  editor: Editor;
  now: Date;
  /** Writes `product.<action>` to the audit log, by the caller, about this product. */
  record(action: ActionsOf<'product'>, details?: Record<string, unknown>): Promise<void>;
}

/**
 * Runs one change of a product in a transaction that first locks its row (lockForEdit: parallel
 * saves take turns, a company's product on moderation is refused), and answers its page as it
 * then stands. `work` answers the row as it wrote it. A symbolic code another product holds is a 409: the index
 * decides, also between two staff saving one code at once.
 */
export async function changeProduct(
  deps: Deps,
  actor: { userId: string; editor: Editor },
  productId: string,
  work: (change: ProductChange) => Promise<ProductRow>,
): Promise<ProductDetails> {
  const now = deps.now();
  const change = () =>
    deps.db.transaction(async (tx) => {
      const row = await lockForEdit(tx, productId, actor.editor);
      const [company] = await tx.select(companyColumns).from(suppliers).where(eq(suppliers.id, row.supplierId));
      const saved = await work({
        tx,
        row,
        company: company!,
        editor: actor.editor,
        now,
        record: (action, details) =>
          audit(
            tx,
            { action: `product.${action}`, userId: actor.userId, supplierId: row.supplierId, details: { productId, ...details } },
            now,
          ),
      });
      return detailsOf(tx, saved);
    });
  return answeringUnique(SYMBOLIC_CODE_ANSWERS, change);
}

/** The product's moderation history with one more note. */
export const withNote = (row: ProductRow, action: ModerationNote['action'], comment: string, now: Date): ModerationNote[] => [
  ...row.history,
  { action, comment, at: now.toISOString() },
];
