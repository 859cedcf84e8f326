import { LANGUAGES } from '@contract/enums';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, mailOutbox, suppliers } from '../../server/db/schema';
import { renderMail } from '../../server/mail/render';
import type { MailRequest } from '../../server/mail/types';
import { createTestApp, type TestApp } from './support/app';
import { expectInvalid } from './support/auth';
import { supplierIdOf } from './support/users';

/**
 * Issue 33 item 3, decision 096: the issuing API takes a holder's address and language; each successful redemption
 * of such a certificate queues exactly one balance notice, in the holder's language and without the PIN; none for a
 * refused one or while the company has notices turned off. Staff see the address masked.
 */

let test: TestApp;
let redeemer: string;
let accountant: string;
let admin: string;
let companyId: string;
let productId: string;
let counter = 0;
const unique = () => `${Date.now()}-${++counter}`;

const issue = (body: object) =>
  test.call('POST', '/api/partner/v1/certificates', { body, headers: { 'x-api-key': test.deps.keys.partnerApiKey } });
const order = (extra: object = {}) => ({
  productId,
  denomination: 100_000,
  quantity: 1,
  orderNumber: `HOLDER-${unique()}`,
  channel: 'test',
  ...extra,
});
/** One certificate for a new holder address (a mailbox of its own, so each test reads only its mails). */
async function issueFor(extra: object = {}) {
  const holderEmail = `Holder.${unique()}@Example.TEST`;
  const response = await issue(order({ holderEmail, ...extra }));
  expect(response.status, response.text).toBe(200);
  const [certificate] = response.body.data.certificates as { number: string; pin: string }[];
  return { ...certificate!, holderEmail: holderEmail.toLowerCase() };
}
const redeem = (number: string, pin: string, amount: number, key = `key-${unique()}`) =>
  test.call('POST', '/api/front/redemption/redeem', {
    token: redeemer,
    body: { supplierId: companyId, number, pin, amount },
    headers: { 'idempotency-key': key },
  });
const mailsTo = (address: string) => test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
const setNotices = (token: string, holderNotices: unknown) =>
  test.call('POST', '/api/front/supplier/supplier/holder-notices', { token, body: { supplierId: companyId, holderNotices } });

beforeAll(async () => {
  test = await createTestApp();
  const tokenOf = async (email: string) => (await test.login(email)).accessToken;
  [redeemer, accountant, admin] = await Promise.all([
    tokenOf('redeemer@demo.test'),
    tokenOf('accountant@demo.test'),
    tokenOf('admin@demo.test'),
  ]);
  companyId = await supplierIdOf(test, 'Demo Gifts');
  const products = await test.call('GET', `/api/front/supplier/products?supplierId=${companyId}`, { token: admin });
  productId = products.body.data.items.find((product: { name: string }) => product.name === 'Demo Gifts card').id;
});
afterAll(() => test?.close());

describe('issuing with a holder', () => {
  it("keeps the holder's address in its one stored form, with the company's language when none is given", async () => {
    const { number, holderEmail } = await issueFor();
    const [row] = await test.database.db.select().from(certificates).where(eq(certificates.number, number));
    expect({ email: row!.holderEmail, language: row!.holderLanguage }).toEqual({ email: holderEmail, language: 'ru' });
  });

  it('refuses an address mail cannot reach and an unknown language, issuing nothing', async () => {
    const bad = order({ holderEmail: 'not an address' });
    expectInvalid(await issue(bad), { holderEmail: 'EMAIL_INVALID' });
    const worse = order({ holderEmail: 'a@example.test', holderLanguage: 'de' });
    expectInvalid(await issue(worse), { holderLanguage: 'UNKNOWN_VALUE' });
    const issued = await test.database.db.select().from(certificates).where(eq(certificates.orderNumber, bad.orderNumber));
    expect(issued).toHaveLength(0);
  });

  it('shows the address to staff masked, never whole', async () => {
    const { number, pin, holderEmail } = await issueFor();
    const response = await test.call('POST', '/api/front/redemption/check', {
      token: redeemer,
      body: { supplierId: companyId, number, pin },
    });
    expect(response.body.data.holder).toMatch(/^h•••\d@e•••e\.test$/);
    expect(response.text).not.toContain(holderEmail);
  });
});

describe('the notice after a redemption', () => {
  it('queues one mail with the amount, the balance, the validity and the company, without the PIN or the whole number', async () => {
    const { number, pin, holderEmail } = await issueFor();
    const response = await redeem(number, pin, 25_000);
    expect(response.status, response.text).toBe(200);
    const mails = await mailsTo(holderEmail);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toContain('Demo Gifts');
    // Russian by default: 250,00 ₽ spent, 750,00 ₽ left (Intl's narrow no-break spaces included).
    expect(mail!.text.replace(/\s/g, ' ')).toMatch(/250,00 ₽/);
    expect(mail!.text.replace(/\s/g, ' ')).toMatch(/750,00 ₽/);
    expect(mail!.text).toContain(number.slice(-4));
    expect(mail!.text).toContain('Сертификат действует до');
    for (const secret of [pin, number]) {
      expect(mail!.text).not.toContain(secret);
      expect(mail!.html).not.toContain(secret);
    }
  });

  it("speaks the holder's language", async () => {
    const { number, pin, holderEmail } = await issueFor({ holderLanguage: 'es' });
    expect((await redeem(number, pin, 10_000)).status).toBe(200);
    const [mail] = await mailsTo(holderEmail);
    expect(mail!.text).toContain('Saldo restante');
    expect(mail!.html).toContain('<html lang="es">');
  });

  it('says the certificate is used up when nothing is left', async () => {
    const { number, pin, holderEmail } = await issueFor({ holderLanguage: 'en' });
    expect((await redeem(number, pin, 100_000)).status).toBe(200);
    const [mail] = await mailsTo(holderEmail);
    expect(mail!.text).toContain('The certificate is now fully used.');
    expect(mail!.text).not.toContain('Remaining balance');
  });

  it('queues none for a refused redemption or a wrong PIN', async () => {
    const { number, pin, holderEmail } = await issueFor();
    expect((await redeem(number, pin, 200_000)).body.error.code).toBe('AMOUNT_EXCEEDS_BALANCE');
    const wrongPin = pin === '000000' ? '111111' : '000000';
    expect((await redeem(number, wrongPin, 1_000)).body.error.code).toBe('INCORRECT_PIN');
    expect(await mailsTo(holderEmail)).toHaveLength(0);
  });

  it('queues exactly one per successful redemption among parallel ones, and one for a key sent twice at once', async () => {
    const { number, pin, holderEmail } = await issueFor();
    // 100 000 holds three of 30 000: the fourth and fifth are refused.
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(number, pin, 30_000)));
    const succeeded = answers.filter((answer) => answer.status === 200).length;
    expect(succeeded).toBe(3);
    expect(await mailsTo(holderEmail)).toHaveLength(3);

    const key = `twice-${unique()}`;
    const twice = await Promise.all([redeem(number, pin, 1_000, key), redeem(number, pin, 1_000, key)]);
    expect(twice.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(holderEmail)).toHaveLength(4);
  });

  it('queues nothing for a certificate without a holder', async () => {
    const before = await test.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const response = await issue(order());
    const [certificate] = response.body.data.certificates as { number: string; pin: string }[];
    expect((await redeem(certificate!.number, certificate!.pin, 1_000)).status).toBe(200);
    const after = await test.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(after.length).toBe(before.length);
  });
});

describe("the company's switch", () => {
  /** How many entries of each switch the company has (the test clock stands still: their order is not told). */
  const entries = async () => {
    const rows = await test.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.supplierId, companyId), like(auditLog.action, 'supplier.holderNotices%')));
    return {
      on: rows.filter((row) => row.action === 'supplier.holderNoticesOn').length,
      off: rows.filter((row) => row.action === 'supplier.holderNoticesOff').length,
    };
  };

  it('is for those who manage the company, and refuses what is not a yes or no', async () => {
    for (const token of [accountant, redeemer]) expect((await setNotices(token, false)).body.error.code).toBe('SUPPLIER_NOT_FOUND');
    expectInvalid(await setNotices(admin, 'no'), { holderNotices: 'WRONG_TYPE' });
    const [company] = await test.database.db.select().from(suppliers).where(eq(suppliers.id, companyId));
    expect(company!.holderNotices).toBe(true);
  });

  it('stops the notices while off, with one audit entry per change', async () => {
    expect(await entries()).toEqual({ on: 0, off: 0 });
    expect((await setNotices(admin, false)).body.data).toEqual({ holderNotices: false });
    expect((await setNotices(admin, false)).status).toBe(200);
    const info = await test.call('GET', `/api/front/supplier/supplier/info?supplierId=${companyId}`, { token: admin });
    expect(info.body.data.holderNotices).toBe(false);
    expect(await entries()).toEqual({ on: 0, off: 1 });

    const { number, pin, holderEmail } = await issueFor();
    expect((await redeem(number, pin, 1_000)).status).toBe(200);
    expect(await mailsTo(holderEmail)).toHaveLength(0);

    expect((await setNotices(admin, true)).status).toBe(200);
    expect((await redeem(number, pin, 1_000)).status).toBe(200);
    expect(await mailsTo(holderEmail)).toHaveLength(1);
    expect(await entries()).toEqual({ on: 1, off: 1 });
  });
});

describe('the mail in six languages', () => {
  const notice = (language: MailRequest['language'], fullyUsed = false): MailRequest<'holderBalance'> => ({
    to: 'holder@example.test',
    template: 'holderBalance',
    language,
    params: {
      supplierName: 'Demo Gifts',
      productName: 'Card',
      numberEnd: '0013',
      amount: 12_345,
      balance: fullyUsed ? 0 : 87_655,
      fullyUsed,
      currency: 'RUB',
      redeemedAt: '2026-11-27T10:00:00.000Z',
      validUntil: '2027-11-27T10:00:00.000Z',
      timeZone: 'Europe/Moscow',
    },
  });

  it.each(LANGUAGES)('%s: its own words, every placeholder filled', (language) => {
    for (const fullyUsed of [false, true]) {
      const mail = renderMail(notice(language, fullyUsed));
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{\w+\}/);
      expect(mail.text).toContain('0013');
      expect(mail.text.replace(/\D/g, '')).toContain('12345');
    }
    const others = LANGUAGES.filter((other) => other !== language).map((other) => renderMail(notice(other)).text);
    expect(others).not.toContain(renderMail(notice(language)).text);
  });
});
