import type { acceptInvitationBody, invitationChoiceBody, joinInvitationBody } from '@contract/schemas/users';
import { personName, type AcceptedInvitation, type InvitationView, type MyInvitation } from '@contract/users';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import type { Executor, Tx } from '../../db/client';
import { invitations, memberships, suppliers, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { activateInvitee, checkCredentials, startSession } from '../auth';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** An invitation with the person, the company and what the company offers. */
const invitationSelect = (db: Executor) =>
  db
    .select({
      id: invitations.id,
      userId: invitations.userId,
      supplierId: invitations.supplierId,
      roles: invitations.roles,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      typedFirstName: invitations.firstName,
      email: users.email,
      firstName: users.firstName,
      userStatus: users.status,
      companyName: suppliers.name,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(suppliers, eq(suppliers.id, invitations.supplierId));

type Found = Awaited<ReturnType<typeof invitationSelect>>[number];

/** How an invitation is found: by its link's token, or as the signed-in person's from a company. */
type Lookup = (db: Executor) => Promise<Found | undefined>;

const byToken =
  (token: string): Lookup =>
  async (db) =>
    (await invitationSelect(db).where(eq(invitations.tokenHash, sha256(token))))[0];

const byPerson =
  (userId: string, supplierId: string): Lookup =>
  async (db) =>
    (await invitationSelect(db).where(and(eq(invitations.userId, userId), eq(invitations.supplierId, supplierId))))[0];

/**
 * Whether the invitation may still be accepted. An older link (the invitation was sent again or withdrawn) is
 * unknown; an accepted one is told so rather than that it expired.
 */
function usable(row: Found | undefined, now: Date, unknown: 'INVALID_LINK' | 'INVITATION_NOT_FOUND' = 'INVALID_LINK'): Found {
  if (!row) return fail(unknown);
  if (row.userStatus === 'blocked') return fail('USER_BLOCKED');
  if (row.acceptedAt) return fail('INVITATION_NOT_PENDING');
  if (row.expiresAt <= now) return fail('INVITATION_EXPIRED');
  return row;
}

/** GET: mail scanners open links, so this only says whether the link is good and changes nothing. */
export async function checkInvitation(deps: Deps, token: string): Promise<InvitationView> {
  const row = usable(await byToken(token)(deps.db), deps.now());
  const isNew = row.userStatus === 'pending';
  return {
    email: row.email,
    // Someone new is greeted by the name the company typed; an account holder by their own.
    firstName: isNew ? row.typedFirstName : row.firstName,
    companyName: row.companyName,
    expiresAt: row.expiresAt.toISOString(),
    account: isNew ? 'new' : 'existing',
  };
}

/**
 * Makes the person a member on the terms of the invitation: under the company's lock, like every change of its
 * people, judged again there (a withdrawal, a resend or another acceptance may have come meanwhile) and conditional,
 * so that of two parallel acceptances one succeeds. `prepare` runs in the same transaction before the membership.
 */
async function join(deps: Deps, lookup: Lookup, supplierId: string, now: Date, prepare?: (tx: Tx) => Promise<void>): Promise<Found> {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, supplierId)).for('no key update');
    const row = usable(await lookup(tx), now);
    const [accepted] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!accepted) return fail('INVITATION_NOT_PENDING');
    await prepare?.(tx);
    await tx
      .insert(memberships)
      .values({ userId: row.userId, supplierId: row.supplierId, roles: row.roles, createdAt: now, updatedAt: now });
    await audit(
      tx,
      { action: 'member.invitationAccepted', userId: row.userId, supplierId: row.supplierId, subjectUserId: row.userId },
      now,
    );
    return row;
  });
}

const signedIn = async (deps: Deps, row: Found): Promise<AcceptedInvitation> => ({
  ...(await startSession(deps.db, deps, row.userId)),
  supplierId: row.supplierId,
  roles: row.roles,
});

/** POST accept: someone with no password yet sets one, which confirms the address; then joins and signs in. */
export async function acceptInvitation(deps: Deps, body: Out<typeof acceptInvitationBody>): Promise<AcceptedInvitation> {
  const now = deps.now();
  const lookup = byToken(body.token);
  const found = usable(await lookup(deps.db), now); // before the slow hash
  if (found.userStatus !== 'pending') fail('INVITATION_FOR_ACCOUNT');
  // The breached-password list is too big for the PWA: the server judges it, as at registration.
  if (await isCommonPassword(body.password)) fail('VALIDATION_ERROR', { fields: { password: 'PASSWORD_COMMON' } });
  const passwordHash = await hashPassword(body.password);
  const row = await join(deps, lookup, found.supplierId, now, async (tx) => {
    // The address was confirmed another way meanwhile: the person has a password, and joins with it.
    if (!(await activateInvitee(tx, found.userId, passwordHash, now))) fail('INVITATION_FOR_ACCOUNT');
  });
  return signedIn(deps, row);
}

/**
 * POST join: an account holder accepts from the mail with their password, checked as a sign-in checks it (the same
 * limits). It also serves someone every company has blocked: a company that passed moderation chose to invite them.
 */
export async function joinByLink(deps: Deps, body: Out<typeof joinInvitationBody>, ip: string): Promise<AcceptedInvitation> {
  const now = deps.now();
  const lookup = byToken(body.token);
  const found = usable(await lookup(deps.db), now);
  // Someone with no password yet sets one (accept): nothing else signs them in.
  if (found.userStatus === 'pending') fail('INVITATION_NEEDS_PASSWORD');
  await checkCredentials(deps, { email: found.email, password: body.password }, ip);
  return signedIn(deps, await join(deps, lookup, found.supplierId, now));
}

const inviter = alias(users, 'inviter');

/** The signed-in person's invitations still open, oldest first (decision 074). */
export async function myInvitations(deps: Deps, auth: AuthContext): Promise<MyInvitation[]> {
  const rows = await deps.db
    .select({
      supplierId: invitations.supplierId,
      companyName: suppliers.name,
      roles: invitations.roles,
      expiresAt: invitations.expiresAt,
      inviterFirstName: inviter.firstName,
      inviterSecondName: inviter.secondName,
    })
    .from(invitations)
    .innerJoin(suppliers, eq(suppliers.id, invitations.supplierId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(and(eq(invitations.userId, auth.userId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, deps.now())))
    .orderBy(asc(invitations.createdAt));
  return rows.map(({ inviterFirstName, inviterSecondName, expiresAt, ...row }) => ({
    ...row,
    expiresAt: expiresAt.toISOString(),
    invitedBy: inviterFirstName === null ? null : personName({ firstName: inviterFirstName, secondName: inviterSecondName! }),
  }));
}

/** The signed-in person accepts in the app: they join at once with the offered roles. */
export async function acceptMine(deps: Deps, auth: AuthContext, body: Out<typeof invitationChoiceBody>) {
  const now = deps.now();
  const lookup = byPerson(auth.userId, body.supplierId);
  usable(await lookup(deps.db), now, 'INVITATION_NOT_FOUND');
  const row = await join(deps, lookup, body.supplierId, now);
  return { supplierId: row.supplierId, roles: row.roles };
}

/** The signed-in person declines: the invitation is gone, and the company's history says who declined. */
export async function declineMine(deps: Deps, auth: AuthContext, body: Out<typeof invitationChoiceBody>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, body.supplierId)).for('no key update');
    const [declined] = await tx
      .delete(invitations)
      .where(and(eq(invitations.userId, auth.userId), eq(invitations.supplierId, body.supplierId), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!declined) return fail('INVITATION_NOT_FOUND');
    await audit(
      tx,
      { action: 'member.invitationDeclined', userId: auth.userId, supplierId: body.supplierId, subjectUserId: auth.userId },
      now,
    );
    return { supplierId: body.supplierId };
  });
}
