import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, suppliers } from '../../server/db/schema';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { ADMIN_SUPPLIERS, draftCompany, expectOk, freshInn, freshOgrn, get, newAdmin, post, SAMPLES } from './support/companies';
import { createScratchDatabase } from './support/db';

/**
 * Issue 30, finding 2 (decision 078): a company structure that stays true. A company with branches is never
 * cancelled or rejected out from under them, and cannot become a branch itself; an OGRN (or OGRNIP) is registered
 * once, like a tax id, also when two requests race. Branches under a company that is not active can only come from
 * data made before parents had to be active: such data is made here by hand.
 */

let test: TestApp;
let moderator: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  moderator = (await test.login('moderator@demo.test')).accessToken;
});
afterAll(() => test?.close());

const rowOf = async (id: string) => (await test.database.db.select().from(suppliers).where(eq(suppliers.id, id)))[0]!;
/** Makes `branch` a branch of `parent` as data from before the rule could have it. */
const attach = (branch: string, parent: string) =>
  test.database.db.update(suppliers).set({ parentId: parent }).where(eq(suppliers.id, branch));
const legalOf = (supplierId: string, data: Record<string, string>) => ({
  supplierId,
  ...SAMPLES.RU.legal,
  data: { ...SAMPLES.RU.legal.data, ...data },
});

describe('a company with branches', () => {
  it('cannot be cancelled while it has them: the admin is told, nothing is deleted, and once they move it can', async () => {
    const owner = await newAdmin(test, 'cancel-parent');
    const parent = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    const branch = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    await attach(branch, parent);
    expectError(await post(test, owner.token, '/supplier/cancel-create', { supplierId: parent }), 409, 'SUPPLIER_HAS_BRANCHES');
    expect((await rowOf(branch)).parentId).toBe(parent);
    expect(await rowOf(parent)).toMatchObject({ status: 'draft' });

    // The branch leaves (its own update, to no parent): now the draft goes, and only the draft.
    const { tin } = await rowOf(branch);
    expectOk(await post(test, owner.token, '/supplier/update', { supplierId: branch, ...SAMPLES.RU.company, tin, parentSupplierId: null }));
    expectOk(await post(test, owner.token, '/supplier/cancel-create', { supplierId: parent }));
    expect(await test.database.db.select().from(suppliers).where(eq(suppliers.id, parent))).toEqual([]);
    expect(await rowOf(branch)).toMatchObject({ parentId: null, status: 'draft' });
  });

  it('is never deleted by the database either: the foreign key refuses it', async () => {
    const owner = await newAdmin(test, 'restrict');
    const parent = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    const branch = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    await attach(branch, parent);
    await expect(test.database.db.delete(suppliers).where(eq(suppliers.id, parent))).rejects.toThrow();
    expect((await rowOf(branch)).parentId).toBe(parent);
  });

  it('cannot be rejected while it has them; it can still be approved', async () => {
    const owner = await newAdmin(test, 'reject-parent');
    const parent = await draftCompany(test, owner.token);
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId: parent, language: 'ru-RU' }));
    const branch = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    await attach(branch, parent);
    const reject = await test.call('POST', `${ADMIN_SUPPLIERS}/${parent}/reject`, { token: moderator, body: { reason: 'No.' } });
    expectError(reject, 409, 'SUPPLIER_HAS_BRANCHES');
    // Nothing of the rejection stayed: no status, no history entry, no audit entry.
    expect(await rowOf(parent)).toMatchObject({ status: 'moderation', rejectionReason: null });
    const rejections = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.supplierId, parent), eq(auditLog.action, 'supplier.reject')));
    expect(rejections).toEqual([]);
    expectOk(await test.call('POST', `${ADMIN_SUPPLIERS}/${parent}/approve`, { token: moderator }));
    expect(await rowOf(parent)).toMatchObject({ status: 'active' });
  });

  it('cannot become a branch itself', async () => {
    const owner = await newAdmin(test, 'branch-parent');
    const parent = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    await attach(await draftCompany(test, owner.token, 'RU', { steps: 1 }), parent);
    const [active] = await test.database.db
      .update(suppliers)
      .set({ status: 'active' })
      .where(eq(suppliers.id, await draftCompany(test, owner.token, 'RU', { steps: 1 })))
      .returning();
    const { tin } = await rowOf(parent);
    const reparent = await post(test, owner.token, '/supplier/update', {
      supplierId: parent,
      ...SAMPLES.RU.company,
      tin,
      parentSupplierId: active!.id,
    });
    expectError(reparent, 422, 'VALIDATION_ERROR', { parentSupplierId: 'INVALID_PARENT_ID' });
    expect((await rowOf(parent)).parentId).toBeNull();
  });
});

describe('an OGRN is registered once', () => {
  it('refuses the OGRN (or OGRNIP) another company holds, with its KPP or another, and frees it when that company goes', async () => {
    const owner = await newAdmin(test, 'ogrn');
    const mine = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    const tin = (await rowOf(mine)).tin!;
    // Demo Gifts': OGRN 1027700123450, KPP 770401001.
    for (const data of [
      { ogrn: '1027700123450', kpp: '770401001' },
      { ogrn: '1027700123450', kpp: '773601001' },
      { ogrn: ' 1027700-123450 ', kpp: '773601001' },
    ]) {
      const taken = await post(test, owner.token, '/legal-data/add', legalOf(mine, { inn: tin, ...data }));
      expectError(taken, 409, 'OGRN_ALREADY_REGISTERED', { 'data.ogrn': 'OGRN_ALREADY_REGISTERED' });
    }
    expect(await rowOf(mine)).toMatchObject({ legalData: null, ogrn: null });

    // A sole trader's OGRNIP, Demo Café's.
    const trader = expectOk(await post(test, owner.token, '/supplier/create', { ...SAMPLES.RU.company, tin: '773612345650' })).supplierId;
    const soleTrader = { legalType: 'RU_IP', data: { ...SAMPLES.RU.legal.data, headsFio: '', headsPosition: '', fio: 'Sole Trader' } };
    const ogrnip = await post(test, owner.token, '/legal-data/add', {
      supplierId: trader,
      country: 'RU',
      ...soleTrader,
      data: { ...soleTrader.data, inn: '773612345650', ogrn: '318774600123452' },
    });
    expectError(ogrnip, 409, 'OGRN_ALREADY_REGISTERED', { 'data.ogrn': 'OGRN_ALREADY_REGISTERED' });

    // Another draft's OGRN is taken too, until that draft is cancelled.
    const other = await newAdmin(test, 'ogrn-holder');
    const held = await draftCompany(test, other.token, 'RU', { steps: 2 });
    const { ogrn } = (await rowOf(held)).legalData!;
    expect((await rowOf(held)).ogrn).toBe(ogrn);
    const clash = await post(test, owner.token, '/legal-data/add', legalOf(mine, { inn: tin, ogrn }));
    expectError(clash, 409, 'OGRN_ALREADY_REGISTERED');
    expectOk(await post(test, other.token, '/supplier/cancel-create', { supplierId: held }));
    expectOk(await post(test, owner.token, '/legal-data/add', legalOf(mine, { inn: tin, ogrn })));
    expect((await rowOf(mine)).ogrn).toBe(ogrn);

    // Saving one's own legal data again keeps one's own OGRN; moving to another country lets it go.
    expectOk(await post(test, owner.token, '/legal-data/add', legalOf(mine, { inn: tin, ogrn, headsPosition: 'Директор' })));
    expectOk(await post(test, owner.token, '/supplier/update', { supplierId: mine, ...SAMPLES.KZ.company, tin: '971240001315' }));
    expect(await rowOf(mine)).toMatchObject({ country: 'KZ', legalData: null, ogrn: null });
  });

  it('gives one of two parallel saves of one OGRN the OGRN and the other the coded error', async () => {
    for (let round = 0; round < 3; round += 1) {
      const racers = [await newAdmin(test, 'ogrn-racer'), await newAdmin(test, 'ogrn-racer')];
      const drafts = await Promise.all(racers.map((racer) => draftCompany(test, racer.token, 'RU', { steps: 1 })));
      const ogrn = freshOgrn();
      const responses = await Promise.all(
        racers.map(async (racer, index) =>
          post(test, racer.token, '/legal-data/add', legalOf(drafts[index]!, { inn: (await rowOf(drafts[index]!)).tin!, ogrn })),
        ),
      );
      expect(responses.map((response) => response.status).sort(), responses.map((response) => response.text).join('\n')).toEqual([
        200, 409,
      ]);
      expectError(
        responses.find((response) => response.status === 409)!,
        409,
        'OGRN_ALREADY_REGISTERED',
      );
      expect(await test.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.ogrn, ogrn))).toHaveLength(1);
    }
  });

  it('keeps a duplicate from before the index out of moderation: its submission is refused until the OGRN is corrected', async () => {
    const owner = await newAdmin(test, 'ogrn-old');
    const supplierId = await draftCompany(test, owner.token);
    // As the migration leaves a later holder of an OGRN: its legal data as it was, the indexed column empty.
    await test.database.db
      .update(suppliers)
      .set({ legalData: sql`jsonb_set(${suppliers.legalData}, '{ogrn}', '"1027700123450"')`, ogrn: null })
      .where(eq(suppliers.id, supplierId));
    const submit = await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' });
    expectError(submit, 409, 'OGRN_ALREADY_REGISTERED', { 'data.ogrn': 'OGRN_ALREADY_REGISTERED' });
    expect(await rowOf(supplierId)).toMatchObject({ status: 'draft', ogrn: null });
    const corrected = freshOgrn();
    const { tin } = await rowOf(supplierId);
    expectOk(await post(test, owner.token, '/legal-data/add', legalOf(supplierId, { inn: tin!, ogrn: corrected })));
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }));
    expect(await rowOf(supplierId)).toMatchObject({ status: 'moderation', ogrn: corrected });
    expect(expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`)).legalDataDataResponse.ogrn).toBe(corrected);
  });

  it('leaves other countries and a free OGRN alone', async () => {
    const owner = await newAdmin(test, 'ogrn-free');
    const ru = await draftCompany(test, owner.token, 'RU', { steps: 2, company: { tin: freshInn() } });
    expect((await rowOf(ru)).ogrn).toMatch(/^\d{13}$/);
    const by = await draftCompany(test, owner.token, 'BY', { steps: 2 });
    expect((await rowOf(by)).ogrn).toBeNull();
  });
});

describe('the migration that makes OGRNs unique', () => {
  /** A copy of the migrations up to, and without, the one that adds the OGRN index. */
  const migrationsBefore = (): string => {
    const folder = mkdtempSync(join(tmpdir(), 'certdesk-migrations-'));
    cpSync('drizzle', folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag.endsWith('_structure'));
    expect(index).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    return folder;
  };

  it('builds the index over duplicates that exist: an active holder keeps the OGRN, else the oldest; the others keep their data', async () => {
    const folder = migrationsBefore();
    const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
    const pool = scratch ? new pg.Pool({ connectionString: scratch.url }) : null;
    const pglite = scratch ? null : new PGlite();
    try {
      const db = pool ? drizzlePg(pool) : drizzlePglite(pglite!);
      const migrate = (migrationsFolder: string) =>
        pool ? migratePg(drizzlePg(pool), { migrationsFolder }) : migratePglite(drizzlePglite(pglite!), { migrationsFolder });
      await migrate(folder);
      // Four companies share one OGRN (the active one the youngest), two another, one has none.
      const company = (name: string, status: string, ogrn: string, daysAgo: number) =>
        sql`(${name}, ${name}, 'RU', ${status}, ${JSON.stringify({ ogrn })}::jsonb, now() - ${`${daysAgo} days`}::interval)`;
      await db.execute(sql`insert into suppliers (name, supplier_name, country, status, legal_data, created_at) values
        ${company('old draft', 'draft', '1027700123450', 30)}, ${company('rejected', 'rejected', '1027700123450', 20)},
        ${company('active', 'active', '1027700123450', 10)}, ${company('waiting', 'moderation', '1027700123450', 5)},
        ${company('first', 'draft', '1999999000010', 9)}, ${company('second', 'draft', '1999999000010', 8)},
        ${company('none', 'draft', '', 7)}`);
      await migrate('drizzle');
      const rows = await db.execute<{ name: string; ogrn: string | null; legal: string }>(
        sql`select name, ogrn, legal_data->>'ogrn' as legal from suppliers order by name`,
      );
      expect(('rows' in rows ? rows.rows : rows) as unknown[]).toEqual([
        { name: 'active', ogrn: '1027700123450', legal: '1027700123450' },
        { name: 'first', ogrn: '1999999000010', legal: '1999999000010' },
        { name: 'none', ogrn: null, legal: '' },
        { name: 'old draft', ogrn: null, legal: '1027700123450' },
        { name: 'rejected', ogrn: null, legal: '1027700123450' },
        { name: 'second', ogrn: null, legal: '1999999000010' },
        { name: 'waiting', ogrn: null, legal: '1027700123450' },
      ]);
      await expect(db.execute(sql`update suppliers set ogrn = '1999999000010' where name = 'second'`)).rejects.toThrow();
    } finally {
      await pool?.end();
      await pglite?.close();
      await scratch?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
