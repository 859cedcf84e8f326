import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGliteThread } from '../../server/db/pglite-thread';

const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-thread-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database on its own thread (decision 103); PostgreSQL has no such thread.
describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite on its own thread', () => {
  it('keeps PostgreSQL’s error fields and applies the caller’s parsers on the types it names', async () => {
    const thread = new PGliteThread();
    try {
      await thread.exec('create table kept (id int primary key, at timestamptz not null)');
      await thread.query('insert into kept values ($1, $2)', [1, '2026-11-27 10:00:00+00']);
      const clash = await thread.query('insert into kept values (1, now())').catch((error: unknown) => error);
      expect(clash).toMatchObject({ code: '23505', constraint: 'kept_pkey', detail: 'Key (id)=(1) already exists.', table: 'kept' });
      const parsed = await thread.query<{ id: number; at: string }>('select id, at from kept', [], {
        parsers: { 1184: (text: string) => `at ${text}` },
      });
      expect(parsed.rows).toEqual([{ id: 1, at: 'at 2026-11-27 10:00:00+00' }]);
      const asArrays = await thread.query<unknown[]>('select id, at, null::timestamptz from kept', [], { rowMode: 'array' });
      expect(asArrays.rows).toEqual([[1, new Date('2026-11-27T10:00:00Z'), null]]);
    } finally {
      await thread.close();
    }
  });

  it('runs a transaction’s queries in it, and a call from outside after it', async () => {
    const thread = new PGliteThread();
    try {
      await thread.exec('create table counted (n int)');
      const order: string[] = [];
      let outside: Promise<unknown> = Promise.resolve();
      await thread.transaction(async (tx) => {
        await tx.query('insert into counted values (1)');
        outside = thread
          .query<{ count: number }>('select count(*)::int as count from counted')
          .then(({ rows }) => order.push(`outside saw ${rows[0]!.count}`));
        await tx.query('insert into counted values (2)');
        order.push('committing');
      });
      await outside;
      expect(order).toEqual(['committing', 'outside saw 2']);
      const failed = thread.transaction(async (tx) => {
        await tx.query('insert into counted values (3)');
        throw new Error('changed my mind');
      });
      await expect(failed).rejects.toThrow('changed my mind');
      expect((await thread.query('select n from counted order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await thread.close();
    }
  });

  it('closes PGlite cleanly: the data is there when it is opened again', async () => {
    const first = new PGliteThread(dataDir);
    await first.exec('create table durable (word text)');
    await first.query('insert into durable values ($1)', ['kept']);
    await first.close();
    const second = new PGliteThread(dataDir);
    try {
      expect((await second.query('select word from durable')).rows).toEqual([{ word: 'kept' }]);
    } finally {
      await second.close();
    }
  }, 120_000); // two starts on disk, the first with initdb

  it('fails every pending and later call when the thread dies, and says so', async () => {
    const thread = new PGliteThread(undefined, new URL('./support/dying-pglite-worker.js', import.meta.url));
    expect((await thread.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await expect(thread.query('die')).rejects.toThrow(/thread stopped \(exit code 7\)/);
    expect((await thread.lost).message).toMatch(/exit code 7/);
    await expect(thread.query('select 1')).rejects.toThrow(/thread stopped/);
  });
});
