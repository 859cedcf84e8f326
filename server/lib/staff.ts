import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { memberships, users } from '../db/schema';

/**
 * Marketplace staff (users.is_staff) are a kind of account of their own (decision 077): they moderate, they
 * create no company, and they hold a supplier role only where a company made them a member.
 */
export async function isStaff(db: Executor, userId: string): Promise<boolean> {
  const [user] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, userId));
  return user?.isStaff === true;
}

/** Whether the person belongs to the company in any way (a blocked membership counts: it is still theirs). */
export async function belongsTo(db: Executor, userId: string, supplierId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.supplierId, supplierId)));
  return row !== undefined;
}
