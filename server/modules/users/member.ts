import type { MembershipStatus, Role } from '@contract/enums';
import {
  MEMBER_ACTIONS,
  personName,
  type MemberAction,
  type MemberDetails,
  type MemberHistoryEntry,
  type MemberListItem,
  type MemberStatus,
} from '@contract/users';
import { and, asc, count, desc, eq, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { auditLog, invitations, memberships, users } from '../../db/schema';
import { mailDeliveries } from '../../mail/deliveries';

/** A person's history in one company is short; the cap only bounds a pathological one. */
const HISTORY_LIMIT = 200;

/**
 * A person as the company sees them (decision 074): a member, with the account's own names and status, or someone
 * invited and not yet joined, with only what the company typed — never the account's names, phone or status.
 */
const personColumns = {
  id: users.id,
  email: users.email,
  addedAt: sql<Date>`coalesce(${memberships.createdAt}, ${invitations.createdAt})`.mapWith(memberships.createdAt).as('added_at'),
  invitationExpiresAt: invitations.expiresAt,
  /** This company's own block (null for an invitee). */
  membershipStatus: sql<MembershipStatus | null>`${memberships.status}`.as('membership_status'),
};

const memberSelect = (db: Executor) =>
  db
    .select({
      ...personColumns,
      firstName: users.firstName,
      secondName: users.secondName,
      phone: users.phone,
      roles: memberships.roles,
      joined: sql<boolean>`true`.as('joined'),
      // The marketplace's block of an account shows as this company's: a member's own account is theirs to know.
      blocked: sql<boolean>`${memberships.status} = 'blocked' or ${users.status} = 'blocked'`.as('blocked'),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(invitations, and(eq(invitations.userId, memberships.userId), eq(invitations.supplierId, memberships.supplierId)));

const inviteeSelect = (db: Executor) =>
  db
    .select({
      ...personColumns,
      firstName: invitations.firstName,
      secondName: invitations.secondName,
      phone: invitations.phone,
      roles: invitations.roles,
      joined: sql<boolean>`false`.as('joined'),
      blocked: sql<boolean>`false`.as('blocked'),
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(memberships, and(eq(memberships.userId, invitations.userId), eq(memberships.supplierId, invitations.supplierId)));

export type MemberRow = Awaited<ReturnType<typeof memberSelect>>[number];

/** Words typed are matched literally: `%`, `_` and `\` mean nothing special. */
const literal = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Every word must be in the last name, the first name or the e-mail, in any case ("petrov ivan" finds Ivan Petrov).
 * Control characters split words: PostgreSQL refuses a NUL in text.
 */
function searchCondition(search: string | undefined, names: { firstName: PgColumn; secondName: PgColumn }): SQL | undefined {
  const words = (search ?? '')
    .split(/[\s\p{Cc}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  const each = words.map((word) =>
    or(ilike(names.secondName, literal(word)), ilike(names.firstName, literal(word)), ilike(users.email, literal(word))),
  );
  return each.length ? and(...each) : undefined;
}

/** The invitations of the company not accepted yet: an accepted one has become a membership. */
const openInvitation = (supplierId: string) => and(eq(invitations.supplierId, supplierId), isNull(invitations.acceptedAt));

/** The company's members and invitees, as one list by last name, a page at a time, with the total. */
export async function listPeople(db: Executor, supplierId: string, search: string | undefined, page: { limit: number; offset: number }) {
  const members = and(eq(memberships.supplierId, supplierId), searchCondition(search, users));
  const invitees = and(openInvitation(supplierId), searchCondition(search, invitations));
  const [[memberCount], [inviteeCount], rows] = await Promise.all([
    db.select({ total: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(members),
    db.select({ total: count() }).from(invitations).innerJoin(users, eq(users.id, invitations.userId)).where(invitees),
    unionAll(memberSelect(db).where(members), inviteeSelect(db).where(invitees))
      .orderBy(asc(users.secondName), asc(users.firstName), asc(users.email))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { rows, total: (memberCount?.total ?? 0) + (inviteeCount?.total ?? 0) };
}

/** Decision 53: a block shows first; someone not joined yet is invited until the link runs out. */
export function statusOf(row: MemberRow, now: Date): MemberStatus {
  if (row.joined) return row.blocked ? 'blocked' : 'active';
  return row.invitationExpiresAt! <= now ? 'invitationExpired' : 'invited';
}

export const listItemOf = (row: MemberRow, now: Date): MemberListItem => ({
  id: row.id,
  firstName: row.firstName,
  secondName: row.secondName,
  email: row.email,
  phone: row.phone,
  roles: row.roles,
  status: statusOf(row, now),
});

/** The person's member row in the company, or undefined when they have not joined it (others are never revealed). */
export async function findMember(db: Executor, supplierId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await memberSelect(db).where(and(eq(memberships.supplierId, supplierId), eq(memberships.userId, userId)));
  return row;
}

/** The person's open invitation to the company, as the company typed it; undefined when there is none. */
export async function findInvitee(db: Executor, supplierId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await inviteeSelect(db).where(and(openInvitation(supplierId), eq(invitations.userId, userId)));
  return row;
}

/** A member, else an invitee of the company. */
export const findPerson = async (db: Executor, supplierId: string, userId: string) =>
  (await findMember(db, supplierId, userId)) ?? (await findInvitee(db, supplierId, userId));

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

/** One person's page: the row, the open invitation and the history; undefined for someone not in the company. */
export async function detailsOf(db: Executor, supplierId: string, userId: string, callerId: string, now: Date) {
  const row = await findPerson(db, supplierId, userId);
  if (!row) return undefined;
  return {
    ...listItemOf(row, now),
    addedAt: row.addedAt.toISOString(),
    invitation: row.joined
      ? null
      : {
          expiresAt: row.invitationExpiresAt!.toISOString(),
          mail: (await mailDeliveries(db, { supplierId, topic: 'invitation', reference: userId }, { limit: 1 }))[0] ?? null,
        },
    isSelf: userId === callerId,
    history: await historyOf(db, supplierId, userId),
  } satisfies MemberDetails;
}

/** The person who creates a company: its first admin (supplier/create, in its transaction). */
export async function addFounder(tx: Executor, supplierId: string, userId: string, now: Date): Promise<void> {
  await tx.insert(memberships).values({ userId, supplierId, roles: ['roleAdmin'], createdAt: now });
}
