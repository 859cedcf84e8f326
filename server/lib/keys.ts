import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import type { Keys } from '../deps';
import { hmac, randomToken } from './crypto';

/**
 * The master secret comes from JWT_SECRET, or is made once and kept in the
 * database, so that restarts and other API processes share it. Each use gets
 * its own key derived from it.
 */
export async function loadKeys(db: Db, configured: string | undefined): Promise<Keys> {
  let master = configured;
  if (!master) {
    await db.insert(appSecrets).values({ name: 'master', value: randomToken(48) }).onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'master'));
    master = row!.value;
  }
  return { jwt: hmac(master, 'access-token'), codes: hmac(master, 'email-code') };
}
