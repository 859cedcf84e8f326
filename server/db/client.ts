import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction on it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Settles if the database is gone for this process (the embedded engine's thread died): the server must stop. */
  lost: Promise<Error>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** `poolSize`: connections the pool may open (10 unless said; DB_POOL_SIZE, decision 69). */
export type DatabaseTarget = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

/** Opens the database and applies pending migrations before anyone can use it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    // A request never waits unbounded for a connection (decision 068): past the PWA's own 5 s it has given up anyway.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its connection must not take the process down; the pool replaces it.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), lost: new Promise(() => {}) };
  }
  if ('dataDir' in target) mkdirSync(target.dataDir, { recursive: true });
  // On its own thread: the engine's runs and file syncs must not stop the server's event loop (decision 103).
  const client = new PGliteThread('dataDir' in target ? target.dataDir : undefined);
  const db = drizzlePglite(client as never, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), lost: client.lost };
}
