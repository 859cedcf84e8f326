import type { Db } from './client';

/**
 * A statement of the hot path (every authenticated call, check, redeem), built
 * once per database and reused: Drizzle then builds no SQL per call (about
 * 80 µs a statement here) and PostgreSQL parses and plans it once per
 * connection. The name must be unique among prepared statements.
 */
export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
