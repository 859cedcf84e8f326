import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Role } from '../../../src/contract/enums';
import type { acceptInvitationBody } from '../../../src/contract/schemas/users';
import type { AcceptedInvitation, InvitationView } from '../../../src/contract/users';
import type { Executor } from '../../db/client';
import { invitations, memberships, suppliers, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { sha256 } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { startSession } from '../auth';

/** The invitation a link's token names, with the person, the company and the membership it leads to. */
async function findInvitation(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      userId: invitations.userId,
      supplierId: invitations.supplierId,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      email: users.email,
      firstName: users.firstName,
      userStatus: users.status,
      companyName: suppliers.name,
      roles: memberships.roles,
      membershipStatus: memberships.status,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(suppliers, eq(suppliers.id, invitations.supplierId))
    .leftJoin(memberships, and(eq(memberships.userId, invitations.userId), eq(memberships.supplierId, invitations.supplierId)))
    .where(eq(invitations.tokenHash, sha256(token)));
  return row;
}

type Found = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/**
 * Whether the link may still be used. An older link (the invitation was sent again) is unknown. Someone
 * who has accepted, or confirmed the address by registering, is told so rather than that it expired.
 */
function usable(row: Found | undefined, now: Date): Found & { roles: Role[] } {
  if (!row?.roles) return fail('INVALID_LINK');
  if (row.userStatus === 'blocked') return fail('USER_BLOCKED');
  if (row.acceptedAt || row.userStatus !== 'pending') return fail('INVITATION_NOT_PENDING');
  // The company blocked the invitee: the link leads nowhere until it unblocks them.
  if (row.membershipStatus === 'blocked') return fail('MEMBERSHIP_BLOCKED');
  if (row.expiresAt <= now) return fail('INVITATION_EXPIRED');
  return { ...row, roles: row.roles };
}

/** GET: mail scanners open links, so this only says whether the link is good and changes nothing. */
export async function checkInvitation(deps: Deps, token: string): Promise<InvitationView> {
  const row = usable(await findInvitation(deps.db, token), deps.now());
  return { email: row.email, firstName: row.firstName, companyName: row.companyName, expiresAt: row.expiresAt.toISOString() };
}

/**
 * POST: sets the password, activates the account and signs in. Under the company's lock, like every
 * change of its people, and conditional, so that of two parallel acceptances one succeeds.
 */
export async function acceptInvitation(deps: Deps, body: v.InferOutput<typeof acceptInvitationBody>): Promise<AcceptedInvitation> {
  const now = deps.now();
  const found = usable(await findInvitation(deps.db, body.token), now); // before the slow hash
  // The breached-password list is too big for the PWA: the server judges it, as at registration.
  if (await isCommonPassword(body.password)) fail('VALIDATION_ERROR', { fields: { password: 'PASSWORD_COMMON' } });
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, found.supplierId)).for('no key update');
    // Judged again under the lock: a block, a resend or another acceptance may have come meanwhile.
    const row = usable(await findInvitation(tx, body.token), now);
    const [accepted] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    const [activated] = accepted
      ? await tx
          .update(users)
          .set({ status: 'active', passwordHash, updatedAt: now })
          .where(and(eq(users.id, row.userId), eq(users.status, 'pending')))
          .returning({ id: users.id })
      : [];
    if (!activated) return fail('INVITATION_NOT_PENDING');
    await audit(
      tx,
      { action: 'member.invitationAccepted', userId: row.userId, supplierId: row.supplierId, subjectUserId: row.userId },
      now,
    );
    const pair = await startSession(tx, deps, row.userId);
    return { ...pair, supplierId: row.supplierId, roles: row.roles };
  });
}
