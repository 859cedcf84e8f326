import type { ProductSummary } from '@contract/schemas/redemption';
import type { SupplierIndex, SupplierListItem } from '@contract/schemas/supplier';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { memberships, products, suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { requireMembership } from '../../lib/membership';

/** The user's companies; a branch is listed under its parent when the user belongs to both. */
export async function listSuppliers(deps: Deps, auth: AuthContext): Promise<SupplierIndex> {
  const rows = await deps.db
    .select({ supplier: suppliers, roles: memberships.roles })
    .from(memberships)
    .innerJoin(suppliers, eq(suppliers.id, memberships.supplierId))
    // A company that blocked the person is not theirs to pick (decision 53).
    .where(and(eq(memberships.userId, auth.userId), eq(memberships.status, 'active')))
    .orderBy(suppliers.createdAt, suppliers.name);

  const items = new Map<string, SupplierListItem & { parentId: string | null }>(
    rows.map(({ supplier, roles }) => [
      supplier.id,
      {
        supplierId: supplier.id,
        supplierName: supplier.supplierName,
        name: supplier.name,
        status: supplier.status,
        roles,
        parentId: supplier.parentId,
        childrenSupplierList: { children: [] },
      },
    ]),
  );
  const top: SupplierListItem[] = [];
  for (const { parentId, ...item } of items.values()) {
    const parent = parentId ? items.get(parentId) : undefined;
    (parent ? parent.childrenSupplierList.children : top).push(item);
  }
  return { supplierItems: top };
}

/**
 * SPEC §7 `products?supplierId=`: the company's approved products (a live copy), as the till and the issuing API
 * know them: name and rules from the live copy. Drafts and products never approved are the catalogue's business.
 */
export async function listProducts(deps: Deps, auth: AuthContext, supplierId: string): Promise<{ items: ProductSummary[] }> {
  await requireMembership(deps, auth.userId, supplierId, 'seeCompany');
  const liveName = sql<string>`${products.live} -> 'characteristics' ->> 'name'`;
  const items = await deps.db
    .select({
      id: products.id,
      name: liveName,
      pinRequired: products.pinRequired,
      redemptionLimit: products.redemptionLimit,
      codePattern: products.codePattern,
      pinPattern: products.pinPattern,
    })
    .from(products)
    .where(and(eq(products.supplierId, supplierId), isNotNull(products.live)))
    .orderBy(liveName, products.id);
  return { items };
}
