import { eq } from 'drizzle-orm';
import type { SupplierIndex, SupplierListItem } from '../../../src/contract/schemas/supplier';
import { memberships, suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';

/** The user's companies; a branch is listed under its parent when the user belongs to both. */
export async function listSuppliers(deps: Deps, auth: AuthContext): Promise<SupplierIndex> {
  const rows = await deps.db
    .select({ supplier: suppliers, roles: memberships.roles })
    .from(memberships)
    .innerJoin(suppliers, eq(suppliers.id, memberships.supplierId))
    .where(eq(memberships.userId, auth.userId))
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
