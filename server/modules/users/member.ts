import { and, desc, eq, like } from 'drizzle-orm';
import type { Role } from '../../../src/contract/enums';
import {
  MEMBER_ACTIONS,
  personName,
  type MemberAction,
  type MemberDetails,
  type MemberHistoryEntry,
  type MemberListItem,
  type MemberStatus,
} from '../../../src/contract/users';
import type { Executor } from '../../db/client';
import { auditLog, invitations, memberships, users } from '../../db/schema';

/** A person's history in one company is short; the cap only bounds a pathological one. */
const HISTORY_LIMIT = 200;

/** A person in one company: the account, the membership and this company's invitation, if any. */
export const memberQuery = (db: Executor) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      secondName: users.secondName,
      email: users.email,
      phone: users.phone,
      userStatus: users.status,
      roles: memberships.roles,
      membershipStatus: memberships.status,
      addedAt: memberships.createdAt,
      invitationExpiresAt: invitations.expiresAt,
      invitationAcceptedAt: invitations.acceptedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(invitations, and(eq(invitations.userId, memberships.userId), eq(invitations.supplierId, memberships.supplierId)))
    .$dynamic();

export type MemberRow = Awaited<ReturnType<typeof memberQuery>>[number];

/** An account still waiting for its owner, invited by this company and not yet accepted. */
const isInvitee = (row: MemberRow): boolean =>
  row.userStatus === 'pending' && row.invitationExpiresAt !== null && row.invitationAcceptedAt === null;

/** Decision 53: a block (this company's or the marketplace's) shows first, then a pending invitation. */
export function statusOf(row: MemberRow, now: Date): MemberStatus {
  if (row.membershipStatus === 'blocked' || row.userStatus === 'blocked') return 'blocked';
  if (isInvitee(row)) return row.invitationExpiresAt! <= now ? 'invitationExpired' : 'invited';
  return 'active';
}

/** Invited and not blocked: the link may be used, or sent again. */
export const isPendingInvitation = (status: MemberStatus): boolean => status === 'invited' || status === 'invitationExpired';

export const listItemOf = (row: MemberRow, now: Date): MemberListItem => ({
  id: row.id,
  firstName: row.firstName,
  secondName: row.secondName,
  email: row.email,
  phone: row.phone,
  roles: row.roles,
  status: statusOf(row, now),
});

/** The person's row in the company, or undefined when they are not a member (of this company: others are never revealed). */
export async function findMember(db: Executor, supplierId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await memberQuery(db).where(and(eq(memberships.supplierId, supplierId), eq(memberships.userId, userId)));
  return row;
}

const isMemberAction = (action: string): action is MemberAction => (MEMBER_ACTIONS as readonly string[]).includes(action);

/** The audit log's `member.*` entries about the person in this company, newest first. */
async function historyOf(db: Executor, supplierId: string, userId: string): Promise<MemberHistoryEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      at: auditLog.createdAt,
      details: auditLog.details,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorSecondName: users.secondName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.supplierId, supplierId), eq(auditLog.subjectUserId, userId), like(auditLog.action, 'member.%')))
    .orderBy(desc(auditLog.createdAt))
    .limit(HISTORY_LIMIT);
  return rows.flatMap((row) => {
    const action = row.action.slice('member.'.length);
    if (!isMemberAction(action)) return [];
    const details = (row.details ?? {}) as { roles?: Role[]; previousRoles?: Role[]; reason?: string };
    const self = row.actorId === null || row.actorId === userId;
    return [
      {
        id: row.id,
        action,
        at: row.at.toISOString(),
        actor: self ? null : { id: row.actorId!, name: personName({ firstName: row.actorFirstName!, secondName: row.actorSecondName! }) },
        ...(details.roles && { roles: details.roles }),
        ...(details.previousRoles && { previousRoles: details.previousRoles }),
        ...(details.reason && { reason: details.reason }),
      },
    ];
  });
}

/** One person's page: the row, the pending invitation and the history; undefined for someone not in the company. */
export async function detailsOf(db: Executor, supplierId: string, userId: string, callerId: string, now: Date) {
  const row = await findMember(db, supplierId, userId);
  if (!row) return undefined;
  const item = listItemOf(row, now);
  return {
    ...item,
    addedAt: row.addedAt.toISOString(),
    // Shown while it can be sent again: not for a blocked invitee.
    invitation: isPendingInvitation(item.status) ? { expiresAt: row.invitationExpiresAt!.toISOString() } : null,
    isSelf: userId === callerId,
    history: await historyOf(db, supplierId, userId),
  } satisfies MemberDetails;
}
