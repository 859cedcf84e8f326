import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../src/contract/enums';
import { prepared } from '../db/prepared';
import { memberships } from '../db/schema';
import type { Deps } from '../deps';
import { fail } from './errors';

const membershipOf = prepared((db) =>
  db
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.supplierId, sql.placeholder('supplierId'))))
    .prepare('membership_roles'),
);

/**
 * Every request naming a supplier is authorised here: the user must belong to
 * it, and, when roles are given, hold one of them. Hiding a menu item is not security.
 */
export async function requireMembership(deps: Deps, userId: string, supplierId: string, allowed?: readonly Role[]): Promise<Role[]> {
  const [row] = await membershipOf(deps.db).execute({ userId, supplierId });
  if (!row) return fail('SUPPLIER_NOT_FOUND');
  if (allowed && !row.roles.some((role) => allowed.includes(role))) return fail('FORBIDDEN');
  return row.roles;
}
