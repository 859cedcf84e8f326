import type { Role } from '@contract/enums';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { invitations, memberships } from '../db/schema';
import type { Deps } from '../deps';
import { fail } from './errors';

/** What `rolesOf` decides on. */
export const membershipColumns = { roles: memberships.roles, status: memberships.status };

const membershipOf = prepared((db) =>
  db
    .select(membershipColumns)
    .from(memberships)
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.supplierId, sql.placeholder('supplierId'))))
    .prepare('membership_roles'),
);

/**
 * Every request naming a supplier is authorised here: the user must belong to
 * it, not be blocked in it (read on every call, so a block takes effect at the
 * next one: decision 53), and, when roles are given, hold one of them. Hiding a
 * menu item is not security.
 */
export async function requireMembership(deps: Deps, userId: string, supplierId: string, allowed?: readonly Role[]): Promise<Role[]> {
  const [row] = await membershipOf(deps.db).execute({ userId, supplierId });
  return rolesOf(row, allowed);
}

/** The roles of a membership row as read (none: not a member), refused as `requireMembership` refuses. */
export function rolesOf(row: { roles: Role[]; status: string } | null | undefined, allowed?: readonly Role[]): Role[] {
  if (!row) return fail('SUPPLIER_NOT_FOUND');
  if (row.status === 'blocked') return fail('MEMBERSHIP_BLOCKED');
  if (allowed && !row.roles.some((role) => allowed.includes(role))) return fail('FORBIDDEN');
  return row.roles;
}

/**
 * True when every company the person belongs to has blocked them (decision 53): such a person
 * may not sign in or refresh. Someone with no company at all (just registered) is not locked out.
 */
export async function isLockedOut(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      blocked: sql<number>`count(*) filter (where ${memberships.status} = 'blocked')::int`,
    })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return !!row && row.all > 0 && row.all === row.blocked;
}

/** Whether a company has invited the person and they have not answered yet (decision 074). */
export async function hasOpenInvitation(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))
    .limit(1);
  return row !== undefined;
}
