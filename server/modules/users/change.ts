import { COUNTRY_REGION } from '@contract/company';
import { REGION_LOCALE, type SupplierStatus } from '@contract/enums';
import type { addUserBody, blockBody, setRolesBody, userBody } from '@contract/schemas/users';
import type { MemberAction, MemberDetails } from '@contract/users';
import { and, arrayContains, eq, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Tx } from '../../db/client';
import { invitations, memberships, suppliers, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { isLockedOut, requireMembership } from '../../lib/membership';
import { hitLimit } from '../../lib/rate-limit';
import { accountOfInvitee, revokeUserSessions } from '../auth';
import { recordEvent } from '../webhooks';
import { detailsOf, findInvitee, findMember, statusOf, type MemberRow } from './member';
import { sendInvitation, type Company } from './notify';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** Resending mails a stranger's address: bounded per person and company. */
export const INVITATION_RESENDS = { max: 5, windowMs: 3_600_000 };

interface Change {
  tx: Tx;
  company: Company & { status: SupplierStatus };
  now: Date;
  /** Writes the change to the audit log, by the caller, about the person. */
  record(action: MemberAction, subjectUserId: string, details?: Record<string, unknown>): Promise<void>;
  /** The person's page as it stands after the change. */
  answer(userId: string): Promise<MemberDetails>;
}

/**
 * Runs a change of the company's people for one of its admins (decision 53): one transaction that
 * first locks the company row, so that parallel changes take turns and each sees the one before.
 * NO KEY UPDATE: the key does not change, so rows that merely reference the company are not held up.
 */
async function asAdmin<T>(deps: Deps, auth: AuthContext, supplierId: string, work: (change: Change) => Promise<T>): Promise<T> {
  // Before the transaction: it reads through deps.db, and PGlite's one connection is the transaction's.
  await requireMembership(deps, auth.userId, supplierId, 'manageUsers');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: suppliers.id, name: suppliers.name, country: suppliers.country, status: suppliers.status })
      .from(suppliers)
      .where(eq(suppliers.id, supplierId))
      .for('no key update');
    if (!company) return fail('SUPPLIER_NOT_FOUND');
    return work({
      tx,
      company,
      now,
      record: (action, subjectUserId, details) =>
        audit(tx, { action: `member.${action}`, userId: auth.userId, supplierId, subjectUserId, details }, now),
      answer: async (userId) => (await detailsOf(tx, supplierId, userId, auth.userId, now))!,
    });
  });
}

/**
 * The member whose roles or block change: a member of this company, never the caller. Their account
 * row is locked too, so that blocks in two companies at once each see whether any company is left.
 */
async function lockTarget({ tx, company }: Change, auth: AuthContext, userId: string): Promise<MemberRow> {
  if (userId === auth.userId) fail('OWN_ACCESS_LOCKED');
  const [member] = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.supplierId, company.id), eq(memberships.userId, userId)))
    .for('no key update', { of: users });
  if (!member) return fail('USER_NOT_FOUND');
  return (await findMember(tx, company.id, userId))!;
}

/** Someone the company invited who has not joined; a member is told the invitation is done, anyone else is unknown. */
async function inviteeOf({ tx, company }: Change, userId: string): Promise<MemberRow> {
  const invitee = await findInvitee(tx, company.id, userId);
  if (invitee) return invitee;
  return (await findMember(tx, company.id, userId)) ? fail('INVITATION_NOT_PENDING') : fail('USER_NOT_FOUND');
}

/** The account of the address, or a new pending one with no usable password, living in the company's region. */
function accountFor({ tx, company, now }: Change, body: Out<typeof addUserBody>) {
  const region = COUNTRY_REGION[company.country];
  const { email, firstName, secondName, phone } = body;
  return accountOfInvitee(tx, { email, firstName, secondName, phone, region, preferredLanguage: REGION_LOCALE[region] }, now);
}

/**
 * Invites a person (decision 074): joining is their choice, so an existing account is invited exactly like a new
 * address and becomes a member only by accepting. The answer is the same whether the address has an account: the
 * company sees the address, the names and phone it typed, and "invited". Only a company that passed moderation
 * invites, and never marketplace staff.
 */
export async function addMember(deps: Deps, auth: AuthContext, body: Out<typeof addUserBody>): Promise<MemberDetails> {
  return asAdmin(deps, auth, body.supplierId, async (change) => {
    const { tx, company, now } = change;
    if (company.status !== 'active') fail('COMPANY_NOT_MODERATED');
    const user = await accountFor(change, body);
    if (user.isStaff) fail('STAFF_NOT_INVITABLE', { fields: { email: 'STAFF_NOT_INVITABLE' } });
    if (await findMember(tx, company.id, user.id)) fail('USER_ALREADY_MEMBER', { fields: { email: 'USER_ALREADY_MEMBER' } });
    if (await findInvitee(tx, company.id, user.id)) fail('USER_ALREADY_INVITED', { fields: { email: 'USER_ALREADY_INVITED' } });
    const offer = { roles: body.roles, firstName: body.firstName, secondName: body.secondName, phone: body.phone };
    await sendInvitation(tx, deps, { company, userId: user.id, invitedBy: auth.userId, offer }, now);
    await change.record('invited', user.id, { roles: body.roles });
    return change.answer(user.id);
  });
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role));

/** Whether the company keeps an admin who can act (active account and membership) besides this person. */
async function hasOtherAdmin(tx: Tx, supplierId: string, userId: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.supplierId, supplierId),
        ne(memberships.userId, userId),
        arrayContains(memberships.roles, ['roleAdmin']),
        eq(memberships.status, 'active'),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return other !== undefined;
}

export async function setRoles(deps: Deps, auth: AuthContext, body: Out<typeof setRolesBody>): Promise<MemberDetails> {
  return asAdmin(deps, auth, body.supplierId, async (change) => {
    const { tx, company, now } = change;
    const invitee = await findInvitee(tx, company.id, body.userId);
    // Roles offered to someone not joined yet: nobody's access changes until they accept.
    if (invitee) {
      if (sameRoles(invitee.roles, body.roles)) return change.answer(invitee.id);
      await tx
        .update(invitations)
        .set({ roles: body.roles })
        .where(and(eq(invitations.supplierId, company.id), eq(invitations.userId, invitee.id)));
      await change.record('rolesChanged', invitee.id, { roles: body.roles, previousRoles: invitee.roles });
      return change.answer(invitee.id);
    }
    const target = await lockTarget(change, auth, body.userId);
    const previousRoles = target.roles;
    if (sameRoles(previousRoles, body.roles)) return change.answer(target.id);
    const had = previousRoles.includes('roleAdmin');
    const gets = body.roles.includes('roleAdmin');
    // An admin cannot be blocked, so a blocked member cannot become one.
    if (gets && !had && statusOf(target, now) === 'blocked')
      fail('ADMIN_CANNOT_BE_BLOCKED', { fields: { roles: 'ADMIN_CANNOT_BE_BLOCKED' } });
    if (had && !gets && !(await hasOtherAdmin(tx, company.id, target.id))) fail('LAST_ADMIN');
    await tx
      .update(memberships)
      .set({ roles: body.roles, updatedAt: now })
      .where(and(eq(memberships.supplierId, company.id), eq(memberships.userId, target.id)));
    await change.record('rolesChanged', target.id, { roles: body.roles, previousRoles });
    return change.answer(target.id);
  });
}

/**
 * Blocks the person in this company: their next call naming it is refused. When no company is left
 * to them, their logins end in the same transaction; a person with another company keeps them.
 */
export async function blockMember(deps: Deps, auth: AuthContext, body: Out<typeof blockBody>): Promise<MemberDetails> {
  return asAdmin(deps, auth, body.supplierId, async (change) => {
    const { tx, company, now } = change;
    const target = await lockTarget(change, auth, body.userId);
    if (target.roles.includes('roleAdmin')) fail('ADMIN_CANNOT_BE_BLOCKED');
    if (target.membershipStatus === 'blocked') return change.answer(target.id);
    await tx
      .update(memberships)
      .set({ status: 'blocked', updatedAt: now })
      .where(and(eq(memberships.supplierId, company.id), eq(memberships.userId, target.id)));
    if (await isLockedOut(tx, target.id)) await revokeUserSessions(tx, target.id, 'blocked', now);
    await change.record('blocked', target.id, body.reason ? { reason: body.reason } : undefined);
    await recordEvent(tx, company.id, 'user.blocked', { userId: target.id, email: target.email }, now);
    return change.answer(target.id);
  });
}

/** Restores the person's access to this company; logins a block ended stay ended (they sign in again). */
export async function unblockMember(deps: Deps, auth: AuthContext, body: Out<typeof userBody>): Promise<MemberDetails> {
  return asAdmin(deps, auth, body.supplierId, async (change) => {
    const { tx, company, now } = change;
    const target = await lockTarget(change, auth, body.userId);
    if (target.membershipStatus === 'active') return change.answer(target.id);
    await tx
      .update(memberships)
      .set({ status: 'active', updatedAt: now })
      .where(and(eq(memberships.supplierId, company.id), eq(memberships.userId, target.id)));
    await change.record('unblocked', target.id);
    return change.answer(target.id);
  });
}

/** A new link for someone who has not accepted yet (expired or not); the old link stops working. */
export async function resendInvitation(deps: Deps, auth: AuthContext, body: Out<typeof userBody>): Promise<MemberDetails> {
  return asAdmin(deps, auth, body.supplierId, async (change) => {
    const { tx, company, now } = change;
    const target = await inviteeOf(change, body.userId);
    // Counted in the transaction: a refusal rolls its own count back, so the window stays full, no fuller.
    const resends = await hitLimit(tx, `invitation-resend:${company.id}:${target.id}`, INVITATION_RESENDS, now);
    if (resends.exceeded) fail('RATE_LIMITED', { retryAfterSeconds: resends.retryAfterSeconds });
    await sendInvitation(tx, deps, { company, userId: target.id, invitedBy: auth.userId }, now);
    await change.record('invitationResent', target.id);
    return change.answer(target.id);
  });
}

/** Takes back an invitation not accepted yet: its link stops working; the history stays with the company. */
export async function withdrawInvitation(deps: Deps, auth: AuthContext, body: Out<typeof userBody>): Promise<{ userId: string }> {
  return asAdmin(deps, auth, body.supplierId, async (change) => {
    const { tx, company } = change;
    const target = await inviteeOf(change, body.userId);
    await tx.delete(invitations).where(and(eq(invitations.supplierId, company.id), eq(invitations.userId, target.id)));
    await change.record('invitationWithdrawn', target.id);
    return { userId: target.id };
  });
}
