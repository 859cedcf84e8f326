import type { RedemptionReportRow, SalesReportRow } from '@contract/analytics';
import type { Locale } from '@contract/enums';
import { parseString } from '@fast-csv/parse';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { tableOf, type ExportRow } from '../../server/modules/analytics/columns';
import { csvChunks } from '../../server/modules/analytics/csv';
import { EXPORT_BATCH_ROWS } from '../../server/modules/analytics/export';
import { XLSX_TYPE, xlsxStream } from '../../server/modules/analytics/xlsx';
import { addMembership, addRedemption, ANALYTICS, reportMember, reportProduct, reportSetup, setClock, stranger } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';

/**
 * Downloads of the reports (decision 056): the same rows in the same order as the report's pages, as CSV (BOM,
 * CRLF, formula-safe) and XLSX (numbers as numbers), titles in the reader's language, streamed batch by batch,
 * nothing of another company, and only for the roles that may read the report.
 */

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
  setClock(test, '2026-11-21T10:00:00Z');
});
afterAll(() => test.close());

type Params = Record<string, string | number | undefined>;
const queryOf = (params: Params) =>
  new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();

/** The file as bytes (the test app's `call` reads text, which would spoil an XLSX). */
async function download(token: string | undefined, report: 'sales' | 'redemption' | 'liability', params: Params) {
  const response = await test.app.request(`${ANALYTICS}/${report}/export?${queryOf(params)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

/** Every row of the report for the filter, page after page, as the page shows them. */
async function allPages<Row>(token: string, report: 'sales' | 'redemption', params: Params): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const response = await test.call('GET', `${ANALYTICS}/${report}?${queryOf({ ...params, page, pageSize: 200 })}`, { token });
    expect(response.status).toBe(200);
    rows.push(...(response.body.data.items as Row[]));
    if (rows.length >= response.body.data.total) return rows;
  }
}

/**
 * The file as a spreadsheet's CSV import reads it, by an independent parser told the dialect (decision 081): the
 * BOM taken off, fields split on the separator, quoted ones holding separators, doubled quotes and line breaks.
 */
async function parseCsv(text: string, delimiter: ',' | ';' = ','): Promise<string[][]> {
  expect(text.startsWith('\uFEFF')).toBe(false);
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text, { delimiter })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

async function parseXlsx(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

const localTime = (iso: string, timeZone = 'Europe/Moscow') =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(',', '');
/** A local time as a spreadsheet's date reads back: the wall-clock time it says, as if in UTC. */
const localDate = (iso: string, timeZone = 'Europe/Moscow') => new Date(`${localTime(iso, timeZone).replace(' ', 'T')}:00Z`);
const money = (minor: number) => (minor / 100).toFixed(2);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** What a spreadsheet would run as a formula gets a leading quote in CSV. */
const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const SALES_TITLES_EN = [
  'Order number',
  'Date',
  'Channel',
  'Certificate',
  'Product',
  'Denomination',
  'Balance',
  'Valid until',
  'Used',
  'Expired',
  'Blocked',
  'Parameter',
  'Currency',
];
const REDEMPTION_TITLES_EN = ['Transaction', 'Order number', 'Certificate', 'Date', 'Amount', 'Currency', 'Status', 'Error', 'User'];

const salesCsvRow = (row: SalesReportRow) => [
  guarded(row.orderNumber),
  localTime(row.date),
  row.channel,
  row.certificate,
  row.product,
  money(row.denomination),
  money(row.balance),
  localTime(row.expiry),
  money(row.used),
  yesNo(row.expired),
  yesNo(row.blocked),
  guarded(row.parameter ?? ''),
  row.currency,
];
const salesXlsxRow = (row: SalesReportRow) => [
  row.orderNumber,
  localDate(row.date),
  row.channel,
  row.certificate,
  row.product,
  row.denomination / 100,
  row.balance / 100,
  localDate(row.expiry),
  row.used / 100,
  yesNo(row.expired),
  yesNo(row.blocked),
  // exceljs reads an empty inline string back as no value; XML reads every line end as LF.
  row.parameter ? row.parameter.replace(/\r\n?/g, '\n') : undefined,
  row.currency,
];
const redemptionCsvRow = (row: RedemptionReportRow) => [
  row.transactionId,
  guarded(row.orderNumber),
  row.certificateNumber,
  localTime(row.date),
  money(row.sum),
  row.currency,
  row.status === 'success' ? 'Success' : 'Error',
  row.errorCode ?? '',
  row.user,
];

/** A company whose texts try every trick a CSV reader can fall for, with sales, redemptions and a failed attempt. */
async function trickyCompany() {
  const setup = await reportSetup(test, 'RU');
  const { certificate, admin } = setup;
  const redeemer = await reportMember(test, setup.supplierId, ['roleRedeemer']);
  const formula = await certificate({
    at: '2026-11-03T09:15:00Z',
    orderNumber: '=HYPERLINK("http://evil.test","x")',
    parameter: 'Anna, "VIP"\r\nsecond line',
    denomination: 150_050,
  });
  const plus = await certificate({ at: '2026-11-05T21:30:00Z', orderNumber: '+7 999 000', parameter: '@SUM(A1)', status: 'blocked' });
  const minus = await certificate({
    at: '2026-11-07T12:00:00Z',
    orderNumber: '-12',
    parameter: '\tTabbed',
    validUntil: '2026-11-15T00:00:00Z',
    denomination: 30_000,
  });
  const spent = await certificate({ at: '2026-11-10T23:59:00Z', orderNumber: 'ORD-SPENT', parameter: '\rreturn', denomination: 19_000 });
  for (let index = 0; index < 8; index += 1)
    await certificate({
      at: `2026-11-${String(11 + index).padStart(2, '0')}T0${index}:4${index}:00Z`,
      orderNumber: `ORD-${index}`,
      denomination: 5_000 * (index + 1),
    });
  await certificate({ at: '2026-10-31T20:59:59Z', orderNumber: 'ORD-OCTOBER' });
  await addRedemption(test, formula, { at: '2026-11-04T10:00:00Z', amount: 50_025, userId: redeemer.userId });
  await addRedemption(test, formula, {
    at: '2026-11-04T10:05:00Z',
    amount: 999_999,
    userId: redeemer.userId,
    status: 'error',
    errorCode: 'AMOUNT_EXCEEDS_BALANCE',
  });
  await addRedemption(test, spent, { at: '2026-11-12T08:00:00Z', amount: 19_000, userId: admin.userId });
  await addRedemption(test, minus, { at: '2026-11-08T08:00:00Z', amount: 1_000, userId: redeemer.userId });
  return { ...setup, redeemer, plus };
}

let company: Awaited<ReturnType<typeof trickyCompany>>;
beforeAll(async () => {
  company = await trickyCompany();
});

describe('CSV', () => {
  it('answers a UTF-8 file with BOM, CRLF and the report’s rows in its order, named after the report and its days', async () => {
    const file = await download(company.admin.token, 'sales', { supplierId: company.supplierId, format: 'csv', locale: 'en-US' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="sales-2026-11-01-2026-11-21.csv"');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);

    const [titles, ...rows] = await parseCsv(text);
    expect(titles).toEqual(SALES_TITLES_EN);
    const report = await allPages<SalesReportRow>(company.admin.token, 'sales', { supplierId: company.supplierId });
    expect(report).toHaveLength(12);
    expect(rows).toEqual(report.map(salesCsvRow));
  });

  it('keeps formulas from running: = + - @ tab and CR get a leading quote; quotes are doubled, line breaks kept', async () => {
    const file = await download(company.admin.token, 'sales', {
      supplierId: company.supplierId,
      format: 'csv',
      locale: 'en-US',
      sort: 'date',
      order: 'asc',
    });
    const text = file.bytes.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")",`);
    expect(text).toContain(`"Anna, ""VIP""\r\nsecond line"`);
    expect(text).toContain(`,'@SUM(A1),`);
    expect(text).toContain(`'+7 999 000,`);
    expect(text).toContain(`'-12,`);
    expect(text).toContain(`,'\tTabbed,`);
    expect(text).toContain(`"'\rreturn"`);
    const rows = (await parseCsv(text.slice(1))).slice(1);
    expect(rows[0]).toEqual([
      `'=HYPERLINK("http://evil.test","x")`,
      '2026-11-03 12:15',
      'marketplace',
      expect.any(String),
      'Gift card',
      '1500.50',
      '1000.25',
      '2027-11-03 12:15',
      '500.25',
      'No',
      'No',
      'Anna, "VIP"\r\nsecond line',
      'RUB',
    ]);
    expect(rows.map((row) => row[0])).not.toContain('ORD-OCTOBER');
  });

  it('follows the filter: a range, a search and a sort give the rows the report gives, in the same order', async () => {
    const params = {
      supplierId: company.supplierId,
      from: '2026-11-05',
      to: '2026-11-14',
      search: 'ord',
      sort: 'denomination',
      order: 'asc',
    };
    const file = await download(company.admin.token, 'sales', { ...params, format: 'csv', locale: 'en-US' });
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="sales-2026-11-05-2026-11-14.csv"');
    const report = await allPages<SalesReportRow>(company.admin.token, 'sales', params);
    expect(report.map((row) => row.orderNumber)).toEqual(['ORD-0', 'ORD-1', 'ORD-2', 'ORD-SPENT', 'ORD-3']);
    expect((await parseCsv(file.bytes.toString('utf8').slice(1))).slice(1)).toEqual(report.map(salesCsvRow));
  });

  it('writes the redemption ledger: failed attempts too, statuses in words, who redeemed', async () => {
    const params = { supplierId: company.supplierId, sort: 'date', order: 'asc' };
    const file = await download(company.admin.token, 'redemption', { ...params, format: 'csv', locale: 'en-US' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="redemption-2026-11-01-2026-11-21.csv"');
    const [titles, ...rows] = await parseCsv(file.bytes.toString('utf8').slice(1));
    expect(titles).toEqual(REDEMPTION_TITLES_EN);
    const report = await allPages<RedemptionReportRow>(company.admin.token, 'redemption', params);
    expect(report).toHaveLength(4);
    expect(rows).toEqual(report.map(redemptionCsvRow));
    expect(rows[1]).toEqual([
      expect.any(String),
      `'=HYPERLINK("http://evil.test","x")`,
      expect.any(String),
      '2026-11-04 13:05',
      '9999.99',
      'RUB',
      'Error',
      'AMOUNT_EXCEEDS_BALANCE',
      company.redeemer.email,
    ]);
  });
});

describe('XLSX', () => {
  it('answers a workbook whose rows equal the report’s: money as numbers, dates in the company’s zone', async () => {
    const file = await download(company.admin.token, 'sales', { supplierId: company.supplierId, format: 'xlsx', locale: 'en-US' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="sales-2026-11-01-2026-11-21.xlsx"');
    expect(file.headers.get('cache-control')).toBe('no-store');
    const { name, rows } = await parseXlsx(file.bytes);
    expect(name).toBe('Sales');
    const report = await allPages<SalesReportRow>(company.admin.token, 'sales', { supplierId: company.supplierId });
    expect(rows[0]).toEqual(SALES_TITLES_EN);
    expect(rows.slice(1)).toEqual(report.map(salesXlsxRow));
    // A formula-looking text is a text cell in a workbook: it is kept as typed.
    expect(rows.flat()).toContain('=HYPERLINK("http://evil.test","x")');
  });

  it('writes the redemption report with numbers as numbers', async () => {
    const file = await download(company.redeemer.token, 'redemption', {
      supplierId: company.supplierId,
      format: 'xlsx',
      locale: 'en-US',
      sort: 'sum',
      order: 'desc',
    });
    expect(file.status).toBe(200);
    const { name, rows } = await parseXlsx(file.bytes);
    expect(name).toBe('Redemptions');
    expect(rows[0]).toEqual(REDEMPTION_TITLES_EN);
    expect(rows.slice(1).map((row) => row[4])).toEqual([9999.99, 500.25, 190, 10]);
    expect(rows.slice(1).map((row) => row[6])).toEqual(['Error', 'Success', 'Success', 'Success']);
  });
});

describe('language', () => {
  const titlesIn = async (locale: Locale | undefined, report: 'sales' | 'redemption' = 'sales') => {
    const file = await download(company.admin.token, report, { supplierId: company.supplierId, format: 'csv', locale });
    // Every language but English splits on semicolons (decision 081).
    return parseCsv(file.bytes.toString('utf8').slice(1), locale === 'en-US' ? ',' : ';');
  };

  it('titles, yes/no and statuses speak the page’s language', async () => {
    const [ru, first] = await titlesIn('ru-RU');
    expect(ru).toEqual([
      'Номер заказа',
      'Дата',
      'Канал',
      'Сертификат',
      'Продукт',
      'Номинал',
      'Остаток',
      'Действует до',
      'Использовано',
      'Истёк срок',
      'Заблокирован',
      'Параметр',
      'Валюта',
    ]);
    expect(first?.[9]).toMatch(/^(Да|Нет)$/);
    const [by] = await titlesIn('be-BY');
    expect(by?.[0]).toBe('Нумар заказу');
    const [fr] = await titlesIn('fr-FR');
    expect(fr?.[3]).toBe('Chèque-cadeau');
    const [es] = await titlesIn('es-ES');
    expect(es?.[5]).toBe('Valor nominal');
    const [kz, ...kzRows] = await titlesIn('kz-KZ', 'redemption');
    expect(kz).toEqual(['Транзакция', 'Тапсырыс нөмірі', 'Сертификат', 'Күні', 'Сомасы', 'Валюта', 'Күйі', 'Қате', 'Пайдаланушы']);
    expect(new Set(kzRows.map((row) => row[6]))).toEqual(new Set(['Сәтті', 'Қате']));
    const all = await Promise.all((['ru-RU', 'be-BY', 'kz-KZ', 'es-ES', 'fr-FR', 'en-US'] as const).map((locale) => titlesIn(locale)));
    expect(new Set(all.map(([titles]) => titles!.join()))).toHaveProperty('size', 6);
  });

  it('without a locale, speaks the account’s language', async () => {
    await test.database.db.update(users).set({ preferredLanguage: 'es-ES' }).where(eq(users.id, company.admin.userId));
    try {
      const [titles, first] = await titlesIn(undefined);
      expect(titles?.[0]).toBe('Número de pedido');
      expect(first?.[10]).toMatch(/^(Sí|No)$/);
    } finally {
      await test.database.db.update(users).set({ preferredLanguage: 'en-US' }).where(eq(users.id, company.admin.userId));
    }
  });
});

describe('many rows', () => {
  it('reads batch after batch: more rows than a batch, many equal sort values, the same rows and order as the pages', async () => {
    const { supplierId, productId, admin } = await reportSetup(test, 'KZ');
    const count = EXPORT_BATCH_ROWS + 321;
    // Ten denominations only: sorting by it leans on the id tie-breaker across batch boundaries.
    await test.database.db.execute(sql`
      insert into certificates (number, product_id, supplier_id, status, order_number, channel, purchased_at, valid_until, denomination, balance, currency)
      select 'BULK' || lpad(n::text, 8, '0'), ${productId}, ${supplierId}, 'active', 'bulk-' || n, 'marketplace',
             timestamptz '2026-11-02T00:00:00Z' + n * interval '1 minute', timestamptz '2027-11-02T00:00:00Z',
             (n % 10 + 1) * 1000, (n % 10 + 1) * 1000 - n % 7, 'KZT'
      from generate_series(1, ${count}) as n`);
    const params = { supplierId, sort: 'denomination', order: 'asc' };
    const report = await allPages<SalesReportRow>(admin.token, 'sales', params);
    expect(report).toHaveLength(count);

    const csv = await parseCsv(
      (await download(admin.token, 'sales', { ...params, format: 'csv', locale: 'en-US' })).bytes.toString('utf8').slice(1),
    );
    expect(csv.slice(1).map((row) => row[3])).toEqual(report.map((row) => row.certificate));
    expect(csv[1]).toEqual(salesCsvRow(report[0]!).map((cell, index) => (index === 1 || index === 7 ? expect.any(String) : cell)));

    const xlsx = await parseXlsx((await download(admin.token, 'sales', { ...params, format: 'xlsx', locale: 'en-US' })).bytes);
    expect(xlsx.rows.slice(1).map((row) => row[3])).toEqual(report.map((row) => row.certificate));
    const total = (rows: unknown[][]) => rows.reduce((sum, row) => sum + Math.round((row[5] as number) * 100), 0);
    expect(total(xlsx.rows.slice(1))).toBe(report.reduce((sum, row) => sum + row.denomination, 0));
    // Almaty's local time, not Moscow's.
    expect(xlsx.rows[1]?.[1]).toEqual(localDate(report[0]!.date, 'Asia/Almaty'));
  });
});

describe('tenant isolation and roles', () => {
  it('never writes another company’s rows, not even when the search matches them', async () => {
    const other = await reportSetup(test, 'RU');
    await other.certificate({ at: '2026-11-12T10:00:00Z', orderNumber: 'ORD-OTHER' });
    const file = await download(company.admin.token, 'sales', { supplierId: company.supplierId, format: 'csv', search: 'ORD' });
    const text = file.bytes.toString('utf8');
    expect(text).not.toContain('ORD-OTHER');
    expect(await parseCsv(text.slice(1))).toHaveLength(1 + 9);

    const theirs = await download(company.admin.token, 'sales', { supplierId: other.supplierId, format: 'csv' });
    expect(theirs.status).toBe(404);
    expect(theirs.json().error.code).toBe('SUPPLIER_NOT_FOUND');
    expect(theirs.bytes.toString('utf8')).not.toContain('ORD-OTHER');
  });

  it('lets admins and accountants download both reports and a redeemer only the redemption report', async () => {
    const accountant = await reportMember(test, company.supplierId, ['roleAccountant']);
    const outsider = await stranger(test);
    const blocked = await reportMember(test, company.supplierId, ['roleAdmin']);
    await addMembership(test, blocked.userId, (await reportSetup(test, 'RU')).supplierId, ['roleAdmin']);
    const { memberships } = await import('../../server/db/schema');
    const { and } = await import('drizzle-orm');
    await test.database.db
      .update(memberships)
      .set({ status: 'blocked' })
      .where(and(eq(memberships.userId, blocked.userId), eq(memberships.supplierId, company.supplierId)));
    const statusOf = async (token: string | undefined, report: 'sales' | 'redemption', format = 'csv') => {
      const file = await download(token, report, { supplierId: company.supplierId, format });
      return file.status === 200 ? 200 : [file.status, file.json().error.code];
    };

    for (const format of ['csv', 'xlsx']) {
      expect(await statusOf(company.admin.token, 'sales', format)).toBe(200);
      expect(await statusOf(accountant.token, 'sales', format)).toBe(200);
      expect(await statusOf(accountant.token, 'redemption', format)).toBe(200);
      expect(await statusOf(company.redeemer.token, 'redemption', format)).toBe(200);
      expect(await statusOf(company.redeemer.token, 'sales', format)).toEqual([403, 'FORBIDDEN']);
      expect(await statusOf(outsider.token, 'redemption', format)).toEqual([404, 'SUPPLIER_NOT_FOUND']);
      expect(await statusOf(blocked.token, 'redemption', format)).toEqual([403, 'MEMBERSHIP_BLOCKED']);
      expect(await statusOf(undefined, 'redemption', format)).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('refuses a missing or unknown format and an unknown locale as bad input', async () => {
    for (const params of [{}, { format: 'pdf' }, { format: 'csv', locale: 'xx-XX' }]) {
      const file = await download(company.admin.token, 'sales', { supplierId: company.supplierId, ...params });
      expect(file.status).toBe(422);
      expect(file.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('read by the tools people open it with (decision 081)', () => {
  /**
   * A CSV field as a spreadsheet set to the dialect's locale takes it: `="…"` evaluates to that text; a number in the
   * locale's form becomes a number of at most 15 significant digits (LibreOffice and Excel alike); the rest is text.
   */
  const spreadsheetValue = (field: string, decimal: '.' | ',') => {
    const text = /^="(.*)"$/.exec(field);
    if (text) return text[1];
    const number = decimal === ',' ? /^-?\d+(?:,\d+)?$/ : /^-?\d+(?:\.\d+)?$/;
    return number.test(field) ? Number(Number(field.replace(',', '.')).toPrecision(15)) : field;
  };
  const DIALECTS = { 'ru-RU': { delimiter: ';', decimal: ',' }, 'en-US': { delimiter: ',', decimal: '.' } } as const;
  const sum = (values: unknown[]) => Math.round(values.reduce<number>((total, value) => total + (value as number) * 100, 0));

  // Numbers a spreadsheet spoils: 16 digits (15 are kept), an order number's leading zeros, one that looks like a date.
  const NUMBERS = ['7019908561142223', '7019908561142231', '7019908561142249'];
  const ORDERS = ['0012345678901234567', '=1+1', '2026-11-20'];
  let shop: Awaited<ReturnType<typeof reportSetup>>;
  beforeAll(async () => {
    shop = await reportSetup(test, 'RU');
    const redeemer = await reportMember(test, shop.supplierId, ['roleRedeemer']);
    const sold = [];
    for (const [index, number] of NUMBERS.entries())
      sold.push(
        await shop.certificate({
          at: `2026-11-1${index}T01:4${index}:00Z`,
          number,
          orderNumber: ORDERS[index],
          denomination: [100_050, 250_000, 99_999][index],
          parameter: index === 0 ? 'A; B, "C"' : null,
        }),
      );
    await addRedemption(test, sold[0]!, { at: '2026-11-12T10:00:00Z', amount: 30_025, userId: redeemer.userId });
    await addRedemption(test, sold[2]!, { at: '2026-11-13T10:00:00Z', amount: 99_999, userId: redeemer.userId });
    await addRedemption(test, sold[1]!, { at: '2026-11-13T11:00:00Z', amount: 300_000, userId: redeemer.userId, status: 'error' });
  });

  for (const locale of ['ru-RU', 'en-US'] as const) {
    const { delimiter, decimal } = DIALECTS[locale];

    it(`CSV in ${locale}: split on '${delimiter}', numbers kept whole as text, amounts numeric with '${decimal}', totals the API's`, async () => {
      const params = { supplierId: shop.supplierId, sort: 'date', order: 'asc' };
      const sales = await download(shop.admin.token, 'sales', { ...params, format: 'csv', locale });
      const [titles, ...rows] = (await parseCsv(sales.bytes.toString('utf8').slice(1), delimiter)).map((row) =>
        row.map((field) => spreadsheetValue(field, decimal)),
      );
      expect(titles).toHaveLength(13);
      expect(rows.map((row) => row[3])).toEqual(NUMBERS);
      expect(rows.map((row) => row[0])).toEqual(['0012345678901234567', "'=1+1", '2026-11-20']);
      expect(rows[0]?.[1]).toBe('2026-11-10 04:40');
      expect(rows[0]?.[11]).toBe('A; B, "C"');
      for (const column of [5, 6, 8]) for (const row of rows) expect(typeof row[column]).toBe('number');
      const { totals } = (await shop.api.salesSummary()).body.data;
      expect(sum(rows.map((row) => row[5]))).toBe(totals.issued);
      expect(sum(rows.map((row) => row[8]))).toBe(totals.redeemed);
      expect(sum(rows.map((row) => row[6]))).toBe(totals.outstanding);

      const ledger = await download(shop.admin.token, 'redemption', { ...params, format: 'csv', locale });
      const [, ...entries] = (await parseCsv(ledger.bytes.toString('utf8').slice(1), delimiter)).map((row) =>
        row.map((field) => spreadsheetValue(field, decimal)),
      );
      expect(entries.map((row) => row[2])).toEqual([NUMBERS[0], NUMBERS[2], NUMBERS[1]]);
      expect(entries.map((row) => row[4])).toEqual([300.25, 999.99, 3000]);
      const redeemed = (await shop.api.redemptionSummary()).body.data.totals.redeemed;
      expect(sum(entries.filter((row) => row[7] === '').map((row) => row[4]))).toBe(redeemed);
    });

    it(`XLSX in ${locale}: dates as dates, money as formatted numbers, numbers as text, titles frozen, totals the API's`, async () => {
      const params = { supplierId: shop.supplierId, sort: 'date', order: 'asc', format: 'xlsx', locale };
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await download(shop.admin.token, 'sales', params)).bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      for (let column = 1; column <= 13; column += 1) expect(sheet.getColumn(column).width).toBeGreaterThanOrEqual(12);
      const rows = [2, 3, 4].map((number) => sheet.getRow(number));
      expect(rows.map((row) => row.getCell(4).value)).toEqual(NUMBERS);
      expect(rows.map((row) => row.getCell(4).numFmt)).toEqual(['@', '@', '@']);
      expect(rows.map((row) => row.getCell(1).value)).toEqual(ORDERS);
      expect(rows[0]!.getCell(2).value).toEqual(new Date('2026-11-10T04:40:00Z'));
      expect(rows[0]!.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(rows[0]!.getCell(8).value).toBeInstanceOf(Date);
      for (const column of [6, 7, 9])
        for (const row of rows) {
          expect(typeof row.getCell(column).value).toBe('number');
          expect(row.getCell(column).numFmt).toBe('#,##0.00');
        }
      const { totals } = (await shop.api.salesSummary()).body.data;
      expect(sum(rows.map((row) => row.getCell(6).value))).toBe(totals.issued);
      expect(sum(rows.map((row) => row.getCell(9).value))).toBe(totals.redeemed);
    });
  }
});

describe('streaming', () => {
  /** Batches of synthetic rows that count how many the writer has asked for. */
  const counting = (batches: number) => {
    const state = { read: 0, closed: false };
    async function* rows(): AsyncGenerator<ExportRow[]> {
      try {
        for (let batch = 0; batch < batches; batch += 1) {
          state.read += 1;
          // As the database gives them: cursor, id, then the sales file's columns (dates printed in the zone).
          yield Array.from({ length: EXPORT_BATCH_ROWS }, (_, index) => [
            `${batch}-${index}`,
            `${batch}-${index}`,
            `ORD-${batch}-${index}`,
            '2026-01-01 03:00',
            'marketplace',
            `CD${batch}${index}`,
            'Gift card with a rather long name to fill the sheet',
            100_000,
            12_345,
            '2027-01-01 03:00',
            87_655,
            false,
            false,
            `Recipient ${index}`,
            'RUB',
          ]);
        }
      } finally {
        state.closed = true;
      }
    }
    return { state, rows };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('XLSX: a reader that stops reading stops the writer within a batch or two, and leaving closes the rows', async () => {
    const { salesSheet } = await import('../../server/modules/analytics/columns');
    const { state, rows } = counting(100);
    const stream = xlsxStream(tableOf(salesSheet('en'), rows()));
    const chunks = stream[Symbol.asyncIterator]();
    // The zip's first bytes come before any row is read: take chunks until the rows are under way.
    while (state.read === 0) await chunks.next();
    await settle();
    const stalled = state.read;
    await settle();
    await settle();
    // Without backpressure the writer would go on taking batches while nobody reads.
    expect(state.read).toBe(stalled);
    expect(state.read).toBeLessThanOrEqual(4);
    await chunks.return(undefined);
    await settle();
    expect(state.closed).toBe(true);
    expect(state.read).toBeLessThanOrEqual(5);
  });

  it('CSV: one batch per chunk, read one ahead of the chunk asked for', async () => {
    const { salesSheet } = await import('../../server/modules/analytics/columns');
    const { state, rows } = counting(100);
    const chunks = csvChunks(tableOf(salesSheet('en'), rows()));
    expect((await chunks.next()).value).toMatch(/^\uFEFFOrder number,Date,/);
    expect(state.read).toBe(0);
    expect((await chunks.next()).value?.split('\r\n')).toHaveLength(EXPORT_BATCH_ROWS + 1);
    await settle();
    expect(state.read).toBe(2);
    await chunks.return(undefined);
    expect(state.closed).toBe(true);
  });

  it('XLSX: repeated words and a column of distinct texts past the shared strings’ limit read back as written', async () => {
    const ROWS = 1500;
    async function* batches(): AsyncGenerator<ExportRow[]> {
      for (let start = 0; start < ROWS; start += 500)
        yield Array.from({ length: 500 }, (_, index) => ['c', 'id', `Н-${start + index}`, ['Да', 'Нет', ''][(start + index) % 3]]);
    }
    const table = tableOf({ name: 'Words', titles: ['Number', 'Used'], cells: (row) => [row[2] as string, row[3] as string] }, batches());
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream(table)) chunks.push(chunk);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toHaveLength(ROWS + 1);
    expect(values.slice(1)).toEqual(
      Array.from({ length: ROWS }, (_, index) => (index % 3 === 2 ? [`Н-${index}`] : [`Н-${index}`, ['Да', 'Нет'][index % 3]])),
    );
  });

  it('XLSX: a report longer than a sheet goes on in the next one with its titles; text Excel cannot hold is made safe', async () => {
    async function* batches(): AsyncGenerator<ExportRow[]> {
      for (let batch = 0; batch < 3; batch += 1)
        yield Array.from({ length: 4 }, (_, index) => ['c', 'id', ` ${batch}-${index} <&> \u0001"end" `, (batch * 4 + index) * 150]);
    }
    const table = tableOf(
      { name: 'Sales & more', titles: ['Text', 'Sum'], cells: (row) => [row[2] as string, (row[3] as number) / 100] },
      batches(),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of xlsxStream(table, 5)) chunks.push(chunk);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    // Twelve rows, four a sheet under the titles.
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Sales & more', 'Sales & more (2)', 'Sales & more (3)']);
    const rows = workbook.worksheets.map((sheet) => {
      const values: unknown[][] = [];
      sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
      return values;
    });
    for (const sheet of rows) expect(sheet[0]).toEqual(['Text', 'Sum']);
    expect(rows.map((sheet) => sheet.length)).toEqual([5, 5, 5]);
    expect(rows[0]![1]).toEqual([' 0-0 <&> "end" ', 0]);
    expect(rows[2]![4]).toEqual([' 2-3 <&> "end" ', 16.5]);
    expect(table.rowsRead()).toBe(12);
  });
});

describe('liability (issue 35)', () => {
  const TITLES_RU = [
    'Продукт',
    'Сертификатов',
    'Остаток к погашению',
    'Истекают за 30 дней',
    'Остаток, истекающий за 30 дней',
    'Куплены до 3 месяцев назад',
    'Куплены 3–6 месяцев назад',
    'Куплены 6–12 месяцев назад',
    'Куплены более 12 месяцев назад',
    'Валюта',
  ];

  /** Two products: what the page shows by product and by age, as of 21 November in Moscow. */
  async function owing() {
    const setup = await reportSetup(test, 'RU');
    const spa = await reportProduct(test, setup.supplierId, '=Spa; "day"');
    const year = '2027-11-01T00:00:00Z';
    await setup.certificate({ at: '2026-10-01T10:00:00Z', denomination: 10_050, validUntil: year });
    await setup.certificate({ at: '2026-06-01T10:00:00Z', denomination: 20_000, balance: 5_000, validUntil: '2026-12-01T00:00:00Z' });
    await setup.certificate({ at: '2025-06-01T10:00:00Z', denomination: 50_000, productId: spa, validUntil: year });
    // Not owed: spent, or expired.
    await setup.certificate({ at: '2026-10-01T10:00:00Z', denomination: 7_000, balance: 0, status: 'redeemed', validUntil: year });
    await setup.certificate({ at: '2026-10-01T10:00:00Z', denomination: 7_000, validUntil: '2026-11-01T00:00:00Z' });
    return { ...setup, spa };
  }

  it('CSV: a row a product (the largest first) with its ages, then the total, in the reader’s dialect, as the page adds up', async () => {
    const shop = await owing();
    const file = await download(shop.admin.token, 'liability', { supplierId: shop.supplierId, format: 'csv', locale: 'ru-RU' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="liability-2026-11-21.csv"');
    const text = file.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = await parseCsv(text.slice(1), ';');
    expect(rows).toEqual([
      TITLES_RU,
      // A product's name that starts like a formula is guarded; its separator and quotes are quoted.
      ['\'=Spa; "day"', '1', '500,00', '0', '0,00', '0,00', '0,00', '0,00', '500,00', 'RUB'],
      ['Gift card', '2', '150,50', '1', '50,00', '100,50', '50,00', '0,00', '0,00', 'RUB'],
      ['Итого', '3', '650,50', '1', '50,00', '100,50', '50,00', '0,00', '500,00', 'RUB'],
    ]);
    const page = (await test.call('GET', `${ANALYTICS}/liability?supplierId=${shop.supplierId}`, { token: shop.admin.token })).body.data;
    expect(page).toMatchObject({ count: 3, outstanding: 65_050, timeZone: 'Europe/Moscow' });
    expect(page.byProduct.map((row: { product: string }) => row.product)).toEqual(['=Spa; "day"', 'Gift card']);
  });

  it('XLSX: money and counts are numbers, the sheet is named in the reader’s language', async () => {
    const shop = await owing();
    const file = await download(shop.admin.token, 'liability', { supplierId: shop.supplierId, format: 'xlsx', locale: 'en-US' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="liability-2026-11-21.xlsx"');
    const { name, rows } = await parseXlsx(file.bytes);
    expect(name).toBe('Liability');
    expect(rows[0]).toEqual([
      'Product',
      'Certificates',
      'Outstanding',
      'Expiring in 30 days',
      'Outstanding expiring in 30 days',
      'Bought up to 3 months ago',
      'Bought 3–6 months ago',
      'Bought 6–12 months ago',
      'Bought over 12 months ago',
      'Currency',
    ]);
    expect(rows.slice(1)).toEqual([
      ['=Spa; "day"', 1, 500, 0, 0, 0, 0, 0, 500, 'RUB'],
      ['Gift card', 2, 150.5, 1, 50, 100.5, 50, 0, 0, 'RUB'],
      ['Total', 3, 650.5, 1, 50, 100.5, 50, 0, 500, 'RUB'],
    ]);
  });

  it('is for those who may read the liability: not a redeemer, not another company; a bad format is bad input', async () => {
    const shop = await owing();
    const redeemer = await reportMember(test, shop.supplierId, ['roleRedeemer']);
    const accountant = await reportMember(test, shop.supplierId, ['roleAccountant']);
    const outsider = await stranger(test);
    const statusOf = async (token: string | undefined, params: Params) => {
      const file = await download(token, 'liability', { supplierId: shop.supplierId, ...params });
      return file.status === 200 ? 200 : [file.status, file.json().error.code];
    };
    expect(await statusOf(accountant.token, { format: 'xlsx' })).toBe(200);
    expect(await statusOf(redeemer.token, { format: 'csv' })).toEqual([403, 'FORBIDDEN']);
    expect(await statusOf(outsider.token, { format: 'csv' })).toEqual([404, 'SUPPLIER_NOT_FOUND']);
    expect(await statusOf(undefined, { format: 'csv' })).toEqual([401, 'UNAUTHORIZED']);
    expect(await statusOf(shop.admin.token, { format: 'pdf' })).toEqual([422, 'VALIDATION_ERROR']);
    expect(await statusOf(shop.admin.token, {})).toEqual([422, 'VALIDATION_ERROR']);
  });
});
