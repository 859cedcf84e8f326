import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The writes of `users` that other modules need (decision 092: this module owns the table): the account page's
 * fields, and an invited person's account, made pending and activated when they accept.
 */

/** Stored as a password hash, it matches no password (verification fails): an account waiting for its owner to set one. */
export const NO_PASSWORD = '!';

type AccountFields = Partial<
  Pick<typeof users.$inferInsert, 'firstName' | 'secondName' | 'phone' | 'preferredLanguage' | 'preferredColor'>
>;

/** The person's own fields (account/info, account/settings). */
export async function saveAccount(db: Executor, userId: string, fields: AccountFields, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: now })
    .where(eq(users.id, userId));
}

type Invitee = Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'secondName' | 'phone' | 'region' | 'preferredLanguage'>;

/** The account of the address, or a new pending one with no usable password. */
export async function accountOfInvitee(tx: Executor, invitee: Invitee, now: Date): Promise<{ id: string; isStaff: boolean }> {
  const columns = { id: users.id, isStaff: users.isStaff };
  const [found] = await tx.select(columns).from(users).where(eq(users.email, invitee.email));
  if (found) return found;
  const [created] = await tx
    .insert(users)
    .values({ ...invitee, passwordHash: NO_PASSWORD, status: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning(columns);
  // Another company invited the same address at this moment: its account is the one.
  return created ?? (await tx.select(columns).from(users).where(eq(users.email, invitee.email)))[0]!;
}

/** A pending invitee's account with the password they chose; false when it is no longer pending. */
export async function activateInvitee(tx: Executor, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  const [activated] = await tx
    .update(users)
    .set({ status: 'active', passwordHash, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    .returning({ id: users.id });
  return activated !== undefined;
}
