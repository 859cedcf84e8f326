import type pg from 'pg';
import type { Db } from './client';
import { PGliteThread } from './pglite-thread';

/** A built query: drizzle's select builders have this. */
interface Built {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The query's rows as arrays in its column order, values as the driver reads them (text, integers, booleans), with
 * none of drizzle's per-row mapping: for exports, which read a million rows and want each field once (decision 057).
 */
export async function selectArrays(db: Db, query: Built): Promise<unknown[][]> {
  const { sql, params } = query.toSQL();
  const client = (db as unknown as { $client: PGliteThread | pg.Pool }).$client;
  if (client instanceof PGliteThread) return (await client.query<unknown[]>(sql, params, { rowMode: 'array' })).rows;
  return (await client.query<unknown[]>({ text: sql, values: params, rowMode: 'array' })).rows;
}
