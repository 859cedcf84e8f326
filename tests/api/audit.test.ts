import { parseString } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, expectError, expectInvalid } from './support/auth';
import { expectOk } from './support/companies';
import { addPerson, invitingCompany, supplierIdOf } from './support/users';

/**
 * Issue 33: the audit log a person can read. Each change leaves an entry with who, what and when; the reader's roles
 * choose the kinds (an accountant the money part), no other company's entries reach them, staff read any company's.
 */

let test: TestApp;
let demoGifts: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  test = await createAuthTestApp();
  demoGifts = await supplierIdOf(test, 'Demo Gifts');
  for (const who of ['admin', 'accountant', 'redeemer', 'moderator']) tokens[who] = (await test.login(`${who}@demo.test`)).accessToken;
});
afterAll(() => test?.close());

// The seed writes its entries by the wall clock, the requests run by the test's: a range holds both.
const ALL_TIME = { from: '2025-01-01', to: '2027-12-31' };

const auditOf = (token: string, query: Record<string, string>, path = '/api/front/audit') =>
  test.call('GET', `${path}?${new URLSearchParams(query)}`, { token });

let keyCounter = 0;
const redeem = (token: string, amount: number) =>
  test.call('POST', '/api/front/redemption/redeem', {
    token,
    body: { supplierId: demoGifts, number: '7000000000000013', pin: '111111', amount },
    headers: { 'idempotency-key': `audit-${keyCounter++}-${Date.now()}` },
  });

describe('the company audit log', () => {
  it('shows an admin every kind: the seeded block with who did it and to whom', async () => {
    const page = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME }));
    expect(page.kinds).toEqual(['money', 'access', 'company', 'catalogue', 'integrations']);
    const blocked = page.items.find((entry: { action: string }) => entry.action === 'member.blocked');
    expect(blocked).toMatchObject({
      kind: 'access',
      actor: { name: 'Adminova Anna', email: 'admin@demo.test' },
      subject: { name: expect.stringContaining('Blokov') },
      details: { reason: 'Left the company' },
    });
  });

  it('writes a redemption with the certificate, the amount and the cashier, and shows an accountant only money', async () => {
    expectOk(await redeem(tokens.redeemer!, 1234));
    const redeemer = await userByEmail(test, 'redeemer@demo.test');
    const money = expectOk(await auditOf(tokens.accountant!, { supplierId: demoGifts, period: 'today' }));
    expect(money.kinds).toEqual(['money']);
    expect(money.items[0]).toMatchObject({
      action: 'redemption',
      kind: 'money',
      certificateNumber: '7000000000000013',
      actor: { id: redeemer!.id },
      details: { amount: 1234 },
    });
    expect(money.items.every((entry: { kind: string }) => entry.kind === 'money')).toBe(true);
    // Asking for another kind gives the accountant nothing, not an error that tells it exists.
    expect(expectOk(await auditOf(tokens.accountant!, { supplierId: demoGifts, ...ALL_TIME, kind: 'access' })).items).toEqual([]);
  });

  it('filters by kind, person and period, newest first, page by page', async () => {
    const admin = await userByEmail(test, 'admin@demo.test');
    const access = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME, kind: 'access' }));
    expect(access.items.length).toBeGreaterThan(0);
    expect(access.items.every((entry: { action: string }) => entry.action.startsWith('member.'))).toBe(true);
    const byAdmin = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME, userId: admin!.id }));
    expect(byAdmin.items.every((entry: { actor: { id: string } | null }) => entry.actor?.id === admin!.id)).toBe(true);
    const all = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME }));
    const times = all.items.map((entry: { at: string }) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    const second = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME, pageSize: '1', page: '2' }));
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(second.items[0].id).toBe(all.items[1].id);
    const past = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, from: '2001-01-01', to: '2001-12-31' }));
    expect(past).toMatchObject({ items: [], total: 0 });
  });

  it('refuses a redeemer, another company’s admin and bad filters, with coded answers', async () => {
    expectError(await auditOf(tokens.redeemer!, { supplierId: demoGifts }), 403, 'FORBIDDEN');
    // Someone outside the company learns not even that it exists (decision 53).
    const other = await invitingCompany(test, 'RU', 'audit-other');
    expectError(await auditOf(other.token, { supplierId: demoGifts }), 404, 'SUPPLIER_NOT_FOUND');
    expectInvalid(await auditOf(tokens.admin!, { supplierId: demoGifts, kind: 'nonsense' }), { kind: 'UNKNOWN_VALUE' });
    expectInvalid(await auditOf(tokens.admin!, { supplierId: demoGifts, from: '2026-01-01' }), { to: 'DATE_REQUIRED' });
    expectInvalid(await auditOf(tokens.admin!, { supplierId: demoGifts, userId: 'someone' }), { userId: 'USER_NOT_FOUND' });
  });

  it('keeps each company’s entries to itself', async () => {
    const other = await invitingCompany(test, 'RU', 'audit-own');
    await addPerson(test, other.token, other.supplierId);
    const own = expectOk(await auditOf(other.token, { supplierId: other.supplierId, period: 'today' }));
    expect(own.items.length).toBeGreaterThan(0);
    const demo = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME }));
    const demoIds = new Set(demo.items.map((entry: { id: string }) => entry.id));
    expect(own.items.some((entry: { id: string }) => demoIds.has(entry.id))).toBe(false);
  });

  it('has no way to change or remove an entry', async () => {
    const [entry] = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME })).items;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const response = await test.call(method, `/api/front/audit/${entry.id}`, { token: tokens.admin!, body: {} });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    const again = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME })).items[0];
    expect(again).toEqual(entry);
  });
});

describe('the staff view', () => {
  it('reads any company’s whole log; a supplier admin cannot', async () => {
    const page = expectOk(await auditOf(tokens.moderator!, { supplierId: demoGifts, ...ALL_TIME }, '/api/admin/audit'));
    expect(page.kinds).toHaveLength(5);
    expect(page.items.some((entry: { action: string }) => entry.action === 'member.blocked')).toBe(true);
    expectError(await auditOf(tokens.admin!, { supplierId: demoGifts }, '/api/admin/audit'), 403, 'FORBIDDEN');
    // The staff's own company-side route does not open another company's log to them.
    expectError(await auditOf(tokens.moderator!, { supplierId: demoGifts }), 404, 'SUPPLIER_NOT_FOUND');
  });
});

describe('the file', () => {
  const download = async (token: string, query: Record<string, string>) => {
    // The bytes as they come (the test app's `call` reads text, which would spoil an XLSX).
    const response = await test.app.request(`/api/front/audit/export?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
  };

  it('holds the filtered entries as a spreadsheet reads them, in the page’s language, newest first', async () => {
    const page = expectOk(await auditOf(tokens.admin!, { supplierId: demoGifts, ...ALL_TIME, kind: 'access' }));
    const { response, bytes } = await download(tokens.admin!, {
      supplierId: demoGifts,
      ...ALL_TIME,
      kind: 'access',
      format: 'xlsx',
      locale: 'en-US',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-2025-01-01-2027-12-31.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Date', 'Action', 'Who', 'E-mail', 'About whom', 'Certificate', 'Details']);
    expect(rows).toHaveLength(page.total + 1);
    const blocked = rows.find((row) => row[1] === 'Access blocked');
    expect(blocked).toEqual([
      expect.any(Date),
      'Access blocked',
      'Adminova Anna',
      'admin@demo.test',
      expect.stringContaining('Blokov'),
      undefined,
      'Reason: Left the company',
    ]);
  });

  it('names a register’s API key as who did it, in the file’s language', async () => {
    const created = expectOk(
      await test.call('POST', '/api/front/integrations/keys/create', {
        token: tokens.admin!,
        body: { supplierId: demoGifts, name: 'Till 7', scopes: ['check'] },
      }),
    );
    await test.call('POST', '/api/company/v1/certificates/check', {
      headers: { authorization: `Bearer ${created.secret}` },
      body: { number: '7000000000000013', pin: '111111' },
    });
    const { response, bytes } = await download(tokens.admin!, {
      supplierId: demoGifts,
      period: 'today',
      kind: 'integrations',
      format: 'csv',
      locale: 'en-US',
    });
    expect(response.status).toBe(200);
    const rows = await new Promise<string[][]>((resolve, reject) => {
      const parsed: string[][] = [];
      parseString<string[], string[]>(bytes.toString('utf8'), { delimiter: ',' })
        .on('data', (row: string[]) => parsed.push(row))
        .on('error', reject)
        .on('end', () => resolve(parsed));
    });
    const used = rows.find((row) => row[1] === 'API key used');
    expect(used?.[2]).toBe(`API key Till 7 (${created.key.prefix})`);
  });

  it('writes a CSV in Russian with the redemption’s amount in roubles, and only what the reader may see', async () => {
    const { response, bytes } = await download(tokens.accountant!, {
      supplierId: demoGifts,
      period: 'today',
      format: 'csv',
      locale: 'ru-RU',
    });
    expect(response.status).toBe(200);
    const rows = await new Promise<string[][]>((resolve, reject) => {
      const parsed: string[][] = [];
      parseString<string[], string[]>(bytes.toString('utf8'), { delimiter: ';' })
        .on('data', (row: string[]) => parsed.push(row))
        .on('error', reject)
        .on('end', () => resolve(parsed));
    });
    expect(rows[0]).toEqual(['Дата', 'Действие', 'Кто', 'E-mail', 'О ком', 'Сертификат', 'Подробности']);
    const redeemed = rows.find((row) => row[1] === 'Сертификат погашен');
    // A number that is a name, kept from a spreadsheet's rounding as the reports keep it (decision 081).
    expect(redeemed?.[5]).toBe('="7000000000000013"');
    expect(redeemed?.[6]).toMatch(/^Сумма: 12,34\s₽; Транзакция: /);
    expect(rows.slice(1).every((row) => ['Сертификат погашен', 'Сертификат заблокирован после неверных PIN'].includes(row[1]!))).toBe(true);
    const refused = await download(tokens.redeemer!, { supplierId: demoGifts, format: 'csv' });
    expect({ status: refused.response.status, code: refused.json().error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});
