import { readFileSync } from 'node:fs';
import { MAIL_ROWS_MAX, type SalesReportRow } from '@contract/analytics';
import { LANGUAGES } from '@contract/enums';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailAttachments, mailOutbox, memberships, users } from '../../server/db/schema';
import { renderMail } from '../../server/mail/render';
import type { MailRequest } from '../../server/mail/types';
import { REPORT_MAILS } from '../../server/modules/analytics/mail';
import { XLSX_TYPE } from '../../server/modules/analytics/xlsx';
import { addMembership, addRedemption, ANALYTICS, reportMember, reportSetup, setClock, stranger } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';
import { parseXlsx } from './support/xlsx';

/**
 * The e-mailed report (decision 056): the filtered rows as an XLSX attachment, through the outbox, to the signer or
 * another address, in the signer's language; refused above MAIL_ROWS_MAX rows; counted per person; audited.
 */

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
  setClock(test, '2026-11-21T10:00:00Z');
});
afterAll(() => test.close());

/** A request over a socket from loopback, as the dev outbox wants it. */
const fromThisMachine = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

const mailAs = (token: string, report: 'sales' | 'redemption' | 'liability', body: Record<string, unknown>) =>
  test.call('POST', `${ANALYTICS}/${report}/email`, { token, body });

/** The latest mail to an address with its files, as stored. */
async function mailTo(to: string) {
  const [mail] = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const files = mail ? await test.database.db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mail.id)) : [];
  return { mail, files };
}

const setLanguage = (userId: string, locale: 'ru-RU' | 'en-US' | 'kz-KZ') =>
  test.database.db.update(users).set({ preferredLanguage: locale }).where(eq(users.id, userId));

async function company() {
  const setup = await reportSetup(test, 'RU');
  const redeemer = await reportMember(test, setup.supplierId, ['roleRedeemer']);
  const sold = [];
  for (let index = 0; index < 6; index += 1)
    sold.push(
      await setup.certificate({
        at: `2026-11-${String(2 + index * 3).padStart(2, '0')}T08:00:00Z`,
        denomination: 10_000 * (index + 1),
        orderNumber: `M-${index}`,
      }),
    );
  await setup.certificate({
    at: '2026-11-04T08:00:00Z',
    validUntil: '2026-11-10T00:00:00Z',
    denomination: 7_000,
    orderNumber: 'M-expired',
  });
  await addRedemption(test, sold[1]!, { at: '2026-11-06T09:00:00Z', amount: 5_050, userId: redeemer.userId });
  await addRedemption(test, sold[5]!, { at: '2026-11-18T09:00:00Z', amount: 60_000, userId: redeemer.userId });
  await addRedemption(test, sold[5]!, {
    at: '2026-11-18T09:01:00Z',
    amount: 1,
    userId: redeemer.userId,
    status: 'error',
    errorCode: 'CERTIFICATE_REDEEMED',
  });
  return { ...setup, redeemer };
}
let shop: Awaited<ReturnType<typeof company>>;
beforeAll(async () => {
  shop = await company();
});

describe('mailing a report', () => {
  it('sends the filtered sales report to the signer as an XLSX whose rows and totals are the report’s', async () => {
    const response = await mailAs(shop.admin.token, 'sales', { supplierId: shop.supplierId, sort: 'denomination', order: 'asc' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { to: shop.admin.email, rows: 7 } });

    const { mail, files } = await mailTo(shop.admin.email);
    expect(mail).toMatchObject({ status: 'pending', subject: expect.stringContaining('Sales report') });
    expect(mail!.createdAt.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(mail!.text).toContain('11/01/2026 – 11/21/2026');
    expect(mail!.text).toContain('7 rows');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: 'sales-2026-11-01-2026-11-21.xlsx', contentType: XLSX_TYPE });

    const rows = await parseXlsx(files[0]!.content);
    expect(rows[0]?.slice(0, 2)).toEqual(['Order number', 'Date']);
    const page = await test.call('GET', `${ANALYTICS}/sales?supplierId=${shop.supplierId}&sort=denomination&order=asc&pageSize=200`, {
      token: shop.admin.token,
    });
    const report = page.body.data.items as SalesReportRow[];
    expect(rows.slice(1).map((row) => row[0])).toEqual(report.map((row) => row.orderNumber));
    const { totals } = (await test.call('GET', `${ANALYTICS}/sales/summary?supplierId=${shop.supplierId}`, { token: shop.admin.token }))
      .body.data;
    const sum = (column: number) => rows.slice(1).reduce((total, row) => total + Math.round((row[column] as number) * 100), 0);
    expect(totals).toMatchObject({ count: 7, issued: 217_000, redeemed: 65_050 });
    expect(sum(5)).toBe(totals.issued);
    expect(sum(8)).toBe(totals.redeemed);
  });

  it('follows the filter, writes in the signer’s language and sends to another address when given one', async () => {
    await setLanguage(shop.admin.userId, 'ru-RU');
    try {
      const response = await mailAs(shop.admin.token, 'sales', {
        supplierId: shop.supplierId,
        from: '2026-11-04',
        to: '2026-11-08',
        search: 'm-',
        email: 'Boss@Example.test',
      });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ to: 'boss@example.test', rows: 3 });
      const { mail, files } = await mailTo('boss@example.test');
      expect(mail!.subject).toBe(`Отчёт о продажах: ${await companyName(shop.supplierId)}, 04.11.2026 – 08.11.2026`);
      expect(mail!.text).toContain('3 строки');
      expect(mail!.html).toContain('<html lang="ru">');
      expect(files[0]!.filename).toBe('sales-2026-11-04-2026-11-08.xlsx');
      const rows = await parseXlsx(files[0]!.content);
      expect(rows[0]?.[0]).toBe('Номер заказа');
      expect(rows.slice(1).map((row) => row[0])).toEqual(['M-2', 'M-1', 'M-expired']);
      expect(rows.slice(1).map((row) => row[9])).toEqual(['Нет', 'Нет', 'Да']);
    } finally {
      await setLanguage(shop.admin.userId, 'en-US');
    }
  });

  it('sends the redemption report for a redeemer, and records who sent what where', async () => {
    const response = await mailAs(shop.redeemer.token, 'redemption', { supplierId: shop.supplierId, email: 'till@example.test' });
    expect(response.body).toEqual({ data: { to: 'till@example.test', rows: 3 } });
    const { mail, files } = await mailTo('till@example.test');
    expect(mail!.subject).toContain('Redemption report');
    expect(files[0]!.filename).toBe('redemption-2026-11-01-2026-11-21.xlsx');
    const rows = await parseXlsx(files[0]!.content);
    expect(rows.slice(1).map((row) => [row[4], row[6], row[7] ?? null])).toEqual([
      [0.01, 'Error', 'CERTIFICATE_REDEEMED'],
      [600, 'Success', null],
      [50.5, 'Success', null],
    ]);
    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'analytics.reportMailed'), eq(auditLog.userId, shop.redeemer.userId)));
    expect(entry).toMatchObject({
      supplierId: shop.supplierId,
      details: { report: 'redemption', from: '2026-11-01', to: '2026-11-21', rows: 3, recipient: 'till@example.test' },
    });
  });

  it('sends the liability as of today for an accountant (issue 35): a row a product and the total, the page’s figures', async () => {
    const accountant = await reportMember(test, shop.supplierId, ['roleAccountant']);
    const response = await mailAs(accountant.token, 'liability', { supplierId: shop.supplierId, email: 'books@example.test' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ data: { to: 'books@example.test', rows: 2 } });
    const { mail, files } = await mailTo('books@example.test');
    expect(mail!.subject).toContain('Liability report');
    expect(files[0]).toMatchObject({ filename: 'liability-2026-11-21.xlsx', contentType: XLSX_TYPE });
    const page = (await test.call('GET', `${ANALYTICS}/liability?supplierId=${shop.supplierId}`, { token: accountant.token })).body.data;
    const rows = await parseXlsx(files[0]!.content);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['Product', 'Certificates', 'Outstanding'],
      ['Gift card', page.count, page.outstanding / 100],
      ['Total', page.count, page.outstanding / 100],
    ]);
    const shown = await test.call('GET', `${ANALYTICS}/liability/mails?supplierId=${shop.supplierId}`, { token: accountant.token });
    expect(shown.body.data).toEqual([expect.objectContaining({ to: 'books@example.test', status: 'pending' })]);
    // A redeemer may not read the liability, so may not mail it.
    const refused = await mailAs(shop.redeemer.token, 'liability', { supplierId: shop.supplierId });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('lists the attachment in the dev outbox and answers the file there', async () => {
    await mailAs(shop.admin.token, 'redemption', { supplierId: shop.supplierId, email: 'dev@example.test' });
    const listing = await test.app.request('/api/dev/outbox?to=dev%40example.test', {}, fromThisMachine);
    const [message] = (
      (await listing.json()) as { data: { attachments: { id: string; filename: string; contentType: string; size: number }[] }[] }
    ).data;
    const { files } = await mailTo('dev@example.test');
    expect(message!.attachments).toEqual([
      { id: files[0]!.id, filename: 'redemption-2026-11-01-2026-11-21.xlsx', contentType: XLSX_TYPE, size: files[0]!.content.length },
    ]);

    const file = await test.app.request(`/api/dev/outbox/attachments/${files[0]!.id}`, {}, fromThisMachine);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="redemption-2026-11-01-2026-11-21.xlsx"');
    const rows = await parseXlsx(new Uint8Array(await file.arrayBuffer()));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual(['Transaction', 'Order number', 'Certificate', 'Date', 'Amount', 'Currency', 'Status', 'Error', 'User']);

    const missing = await test.app.request('/api/dev/outbox/attachments/00000000-0000-4000-8000-000000000000', {}, fromThisMachine);
    expect(missing.status).toBe(404);
    const malformed = await test.app.request('/api/dev/outbox/attachments/not-an-id', {}, fromThisMachine);
    expect(malformed.status).toBe(422);
  });
});

const companyName = async (supplierId: string) => {
  const { suppliers } = await import('../../server/db/schema');
  const [row] = await test.database.db.select({ name: suppliers.supplierName }).from(suppliers).where(eq(suppliers.id, supplierId));
  return row!.name;
};

describe('who may mail what', () => {
  it('follows the report’s roles: a redeemer may not mail sales, a stranger sees no company, a blocked member is refused', async () => {
    const accountant = await reportMember(test, shop.supplierId, ['roleAccountant']);
    const outsider = await stranger(test);
    const blocked = await reportMember(test, shop.supplierId, ['roleAccountant']);
    await addMembership(test, blocked.userId, (await reportSetup(test, 'RU')).supplierId, ['roleAdmin']);
    await test.database.db
      .update(memberships)
      .set({ status: 'blocked' })
      .where(and(eq(memberships.userId, blocked.userId), eq(memberships.supplierId, shop.supplierId)));
    const outcome = async (token: string, report: 'sales' | 'redemption') => {
      const response = await mailAs(token, report, { supplierId: shop.supplierId, email: 'roles@example.test' });
      return response.status === 200 ? 200 : [response.status, response.body.error.code];
    };
    const before = await test.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, 'roles@example.test'));

    expect(await outcome(accountant.token, 'sales')).toBe(200);
    expect(await outcome(accountant.token, 'redemption')).toBe(200);
    expect(await outcome(shop.redeemer.token, 'sales')).toEqual([403, 'FORBIDDEN']);
    expect(await outcome(outsider.token, 'redemption')).toEqual([404, 'SUPPLIER_NOT_FOUND']);
    expect(await outcome(blocked.token, 'redemption')).toEqual([403, 'MEMBERSHIP_BLOCKED']);
    const after = await test.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, 'roles@example.test'));
    expect(after.length - before.length).toBe(2);
  });

  it('refuses a malformed address and a bad range as bad input', async () => {
    const bad = await mailAs(shop.admin.token, 'sales', { supplierId: shop.supplierId, email: 'not an address' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { email: expect.any(String) } });
    const range = await mailAs(shop.admin.token, 'sales', { supplierId: shop.supplierId, from: '2026-11-10', to: '2026-11-01' });
    expect(range.body.error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { to: 'DATE_RANGE_INVALID' } });
  });
});

describe('the size cap', () => {
  it(`refuses more than ${MAIL_ROWS_MAX} rows before building anything; a narrower filter goes`, async () => {
    const big = await reportSetup(test, 'BY');
    await test.database.db.execute(sql`
      insert into certificates (number, product_id, supplier_id, status, order_number, channel, purchased_at, valid_until, denomination, balance, currency)
      select 'CAP' || lpad(n::text, 8, '0'), ${big.productId}, ${big.supplierId}, 'active', 'cap-' || n, 'marketplace',
             timestamptz '2026-11-02T00:00:00Z' + n * interval '1 second', timestamptz '2027-11-02T00:00:00Z', 1000, 1000, 'BYN'
      from generate_series(1, ${MAIL_ROWS_MAX + 1}) as n`);
    const refused = await mailAs(big.admin.token, 'sales', { supplierId: big.supplierId, email: 'cap@example.test' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('REPORT_TOO_LARGE_FOR_MAIL');
    expect((await mailTo('cap@example.test')).mail).toBeUndefined();

    // Narrowed, as the refusal advises, the same report goes.
    const narrowed = await mailAs(big.admin.token, 'sales', {
      supplierId: big.supplierId,
      email: 'cap@example.test',
      search: 'cap0000000',
    });
    expect(narrowed.body).toEqual({ data: { to: 'cap@example.test', rows: 9 } });
  }, 120_000);
});

describe('the reportMailed template', () => {
  const request = (language: MailRequest['language'], rows = 1234): MailRequest<'reportMailed'> => ({
    to: 'a@example.test',
    template: 'reportMailed',
    language,
    params: { companyName: 'Demo <Gifts>', report: 'sales', from: '2026-11-01', to: '2026-11-23', rows },
  });

  /** The days as the language writes them in figures; the reports named exactly as their pages are (locales/*.json). */
  const DAYS = {
    en: ['11/01/2026', '11/23/2026'],
    ru: ['01.11.2026', '23.11.2026'],
    es: ['01/11/2026', '23/11/2026'],
    fr: ['01/11/2026', '23/11/2026'],
    kz: ['01.11.2026', '23.11.2026'],
    by: ['01.11.2026', '23.11.2026'],
  };
  const pageTitle = (language: string, report: 'sales' | 'redemption') =>
    (JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>)[`analytics.${report}.title`]!;

  for (const language of LANGUAGES) {
    it(`in ${language}: names the report as its page does, the company and the days in the language's figures, no unfilled placeholder`, () => {
      const mail = renderMail(request(language));
      expect(mail.subject).toContain('Demo <Gifts>');
      expect(mail.subject.startsWith(pageTitle(language, 'sales'))).toBe(true);
      const redemption = renderMail({ ...request(language), params: { ...request(language).params, report: 'redemption' } });
      expect(redemption.subject.startsWith(pageTitle(language, 'redemption'))).toBe(true);
      for (const day of DAYS[language]) {
        expect(mail.subject).toContain(day);
        expect(mail.text).toContain(day);
      }
      expect(mail.text).not.toContain('2026-11-01');
      expect(mail.html).toContain('Demo &#60;Gifts&#62;');
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
    });
  }

  it('each language has its own words, the two reports their own names, and rows their plural forms', () => {
    expect(new Set(LANGUAGES.map((language) => renderMail(request(language)).text)).size).toBe(LANGUAGES.length);
    const redemption = renderMail({ ...request('en'), params: { ...request('en').params, report: 'redemption' } });
    expect(redemption.subject).toBe('Redemption report: Demo <Gifts>, 11/01/2026 – 11/23/2026');
    const rows = (language: MailRequest['language'], count: number) => renderMail(request(language, count)).text;
    expect(rows('en', 1)).toContain('as an XLSX file: 1 row.');
    expect(rows('en', 1234)).toContain('as an XLSX file: 1,234 rows.');
    expect(rows('ru', 1)).toContain('в файле XLSX: 1 строка.');
    expect(rows('ru', 3)).toContain('в файле XLSX: 3 строки.');
    expect(rows('ru', 5)).toContain('в файле XLSX: 5 строк.');
    expect(rows('by', 2)).toContain('у файле XLSX: 2 радкі.');
    expect(rows('by', 11)).toContain('у файле XLSX: 11 радкоў.');
    expect(rows('fr', 2)).toContain('fichier XLSX : 2 lignes.');
  });

  it('names the liability as of its day, not as a period from that day to itself', () => {
    for (const language of LANGUAGES) {
      const liability = renderMail({
        ...request(language),
        params: { ...request(language).params, report: 'liability', from: '2026-11-23' },
      });
      expect(liability.subject).toContain(DAYS[language][1]);
      expect(liability.subject).not.toContain('–');
      expect(`${liability.subject}${liability.text}`).not.toMatch(/\{\w+\}/);
    }
    const liability = renderMail({ ...request('en'), params: { ...request('en').params, report: 'liability', from: '2026-11-23' } });
    expect(liability.subject).toBe('Liability report: Demo <Gifts>, as of 11/23/2026');
  });
});

// Last: it moves the clock an hour on, past every access token signed before.
describe('the rate limit', () => {
  it(`allows ${REPORT_MAILS.max} mails an hour per person, then answers RATE_LIMITED until the hour is over`, async () => {
    const accountant = await reportMember(test, shop.supplierId, ['roleAccountant']);
    const send = () =>
      mailAs(accountant.token, 'redemption', { supplierId: shop.supplierId, email: 'flood@example.test', period: 'today' });
    for (let index = 0; index < REPORT_MAILS.max; index += 1) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    const queued = await test.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, 'flood@example.test'));
    expect(queued).toHaveLength(REPORT_MAILS.max);

    // Another person is not held back by this one.
    expect(
      (await mailAs(shop.admin.token, 'redemption', { supplierId: shop.supplierId, email: 'flood@example.test', period: 'today' })).status,
    ).toBe(200);
    test.clock.advance(REPORT_MAILS.windowMs);
    // An hour on, the access token has expired too: sign in again.
    const again = await test.call('POST', `${ANALYTICS}/redemption/email`, {
      token: (await test.login(accountant.email)).accessToken,
      body: { supplierId: shop.supplierId, email: 'flood@example.test', period: 'today' },
    });
    expect(again.status).toBe(200);
  });
});
