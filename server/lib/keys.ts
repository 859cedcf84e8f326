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
export async function loadKeys(db: Db, configured: { jwtSecret?: string; partnerApiKey?: string } = {}): Promise<Keys> {
  const master = configured.jwtSecret ?? (await storedSecret(db, 'master'));
  return {
    partnerApiKey: configured.partnerApiKey ?? (await storedSecret(db, 'partner-api-key')),
    jwt: hmac(master, 'access-token'),
    codes: hmac(master, 'email-code'),
    pins: hmac(master, 'certificate-pin'),
    seal: hmac(master, 'seal'),
    viewers: hmac(master, 'widget-viewer'),
  };
}

/** Made once, on first use, by whichever process gets there first; every process reads the same. */
export async function storedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
