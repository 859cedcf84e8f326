import { can, rolesAllow, type AccountCapability, type CompanyCapability } from '@contract/access';
import type { Role } from '@contract/enums';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { prepared } from '../db/prepared';
import { invitations, memberships } from '../db/schema';
import type { Deps } from '../deps';
import { fail } from './errors';
import { isStaff } from './staff';

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
 * next one: decision 53), and hold a role that allows `capability` (decision 084);
 * the operation declares the same capability (`describe({ can })`). Hiding a menu
 * item is not security. `refusal`: what someone without it is told.
 */
export async function requireMembership(
  deps: Deps,
  userId: string,
  supplierId: string,
  capability: CompanyCapability,
  refusal?: Refusal,
): Promise<Role[]> {
  const [row] = await membershipOf(deps.db).execute({ userId, supplierId });
  return rolesOf(row, capability, refusal);
}

/**
 * A member without the capability is told FORBIDDEN, or, where the company's very existence is its admins' business
 * (the company calls, decision 50), that it does not exist, as anyone else is.
 */
type Refusal = 'FORBIDDEN' | 'SUPPLIER_NOT_FOUND';

/** The roles of a membership row as read (none: not a member), refused as `requireMembership` refuses. */
export function rolesOf(
  row: { roles: Role[]; status: string } | null | undefined,
  capability: CompanyCapability,
  refusal: Refusal = 'FORBIDDEN',
): Role[] {
  if (!row) return fail('SUPPLIER_NOT_FOUND');
  if (row.status === 'blocked') return fail('MEMBERSHIP_BLOCKED');
  if (!rolesAllow(row.roles, capability)) return fail(refusal);
  return row.roles;
}

/**
 * The account's roles, as get-info answers them (SPEC §4): its open memberships' roles; with no membership at all, the
 * configured default list, except for staff, who hold a role only where a company made them a member (decision 077).
 */
export const accountRoles = (
  memberships: readonly { roles: Role[]; status: string }[],
  staff: boolean,
  defaults: readonly Role[],
): Role[] =>
  memberships.length || staff
    ? [...new Set(memberships.filter((row) => row.status === 'active').flatMap((row) => row.roles))]
    : [...defaults];

/**
 * Authorises what the account decides rather than a membership (decision 084): moderating (staff), creating a company
 * (by the account's roles; never staff, who are told so: decision 077).
 */
export async function requireAccount(deps: Deps, userId: string, capability: AccountCapability): Promise<void> {
  const staff = await isStaff(deps.db, userId);
  if (capability === 'createCompany' && staff) fail('STAFF_CANNOT_CREATE_COMPANY');
  // Moderating is the account's kind alone; creating a company takes the account's roles too.
  const rows =
    capability === 'moderate' ? [] : await deps.db.select(membershipColumns).from(memberships).where(eq(memberships.userId, userId));
  if (!can({ roles: accountRoles(rows, staff, deps.config.DEFAULT_ROLES), staff }, capability)) fail('FORBIDDEN');
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
