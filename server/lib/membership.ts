import { and, eq } from 'drizzle-orm';
import type { Role } from '../../src/contract/enums';
import { memberships } from '../db/schema';
import type { Deps } from '../deps';
import { fail } from '../http/errors';

/**
 * Every request naming a supplier is authorised here: the user must belong to
 * it, and, when roles are given, hold one of them. Hiding a menu item is not security.
 */
export async function requireMembership(deps: Deps, userId: string, supplierId: string, allowed?: readonly Role[]): Promise<Role[]> {
  const [row] = await deps.db
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.supplierId, supplierId)));
  if (!row) return fail('SUPPLIER_NOT_FOUND');
  if (allowed && !row.roles.some((role) => allowed.includes(role))) return fail('FORBIDDEN');
  return row.roles;
}
