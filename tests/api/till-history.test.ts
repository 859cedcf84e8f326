import type { TechnicalInformation } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, products, redemptions, suppliers } from '../../server/db/schema';
import { forgetTillRules, pinHash } from '../../server/modules/redemption';
import { productData, productRow } from '../../server/seed-products';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, expectError, expectInvalid } from './support/auth';
import { expectOk } from './support/companies';
import { DAY_MS, invitingCompany, joinedPerson, supplierIdOf } from './support/users';

/**
 * Issue 15, decision 065: the till's history (today in the company's zone, the
 * caller's own unless an admin asks for everyone's) and its number keyboard
 * (digits only when every live product's numbers are digits).
 */

let test: TestApp;
/** A Moscow company of its own: its admin and a cashier redeem in it. */
const shop = { supplierId: '', admin: '', adminId: '', redeemer: '', redeemerId: '' };
let accountantOfDemo: string;
let demoGifts: string;

let counter = 0;
/** A live product of the company; own codes unless told otherwise. */
async function product(supplierId: string, information: Partial<TechnicalInformation> = {}) {
  counter += 1;
  const data = productData(`History ${counter}`, { information: { codeType: 'own', ...information } });
  const [made] = await test.database.db.insert(products).values(productRow(supplierId, data)).returning({ id: products.id });
  // The till keeps a company's rules for a while; a product that goes live drops them, as approval does.
  forgetTillRules(supplierId);
  return made!.id;
}

/** A certificate of 1 000.00 in the company, with a PIN. */
async function certificate(productId: string) {
  counter += 1;
  const number = `99${String(counter).padStart(14, '0')}`;
  const now = test.clock.now();
  const [made] = await test.database.db
    .insert(certificates)
    .values({
      number,
      pinHash: pinHash(test.deps, number, '123456'),
      productId,
      supplierId: shop.supplierId,
      orderNumber: `HISTORY-${counter}`,
      channel: 'test',
      purchasedAt: now,
      validUntil: new Date(now.getTime() + 365 * DAY_MS),
      denomination: 100_000,
      balance: 100_000,
      redemptionsLeft: null,
      currency: 'RUB',
    })
    .returning({ id: certificates.id });
  return { id: made!.id, number };
}

async function redeem(token: string, number: string, amount: number) {
  counter += 1;
  const answer = expectOk(
    await test.call('POST', '/api/front/redemption/redeem', {
      token,
      body: { supplierId: shop.supplierId, number, pin: '123456', amount },
      headers: { 'idempotency-key': `history-${counter}` },
    }),
  );
  return answer.transactionNumber as string;
}

/** A ledger row written at another time than now, as if redeemed then. */
async function redeemedAt(card: { id: string; number: string }, userId: string, at: string) {
  counter += 1;
  const transactionNumber = `RTEST${String(counter).padStart(6, '0')}`;
  await test.database.db.insert(redemptions).values({
    transactionNumber,
    certificateId: card.id,
    certificateNumber: card.number,
    orderNumber: 'HISTORY',
    currency: 'RUB',
    supplierId: shop.supplierId,
    userId,
    amount: 100,
    status: 'success',
    createdAt: new Date(at),
  });
  return transactionNumber;
}

const history = (token: string, params: Record<string, string>, supplierId = shop.supplierId) =>
  test.call('GET', `/api/front/redemption/history?${new URLSearchParams({ supplierId, ...params })}`, { token });
const transactions = (data: { items: { transactionId: string }[] }) => data.items.map((item) => item.transactionId);
const keyboard = (token: string, supplierId = shop.supplierId) =>
  test.call('GET', `/api/front/redemption/till?${new URLSearchParams({ supplierId })}`, { token });

/** The transactions, arranged in beforeAll: who redeemed when (the test clock says 2026-11-21 10:00 UTC, 13:00 in Moscow). */
const made = { adminToday: '', redeemerToday: '', redeemerAfterMidnight: '', redeemerBeforeMidnight: '', redeemerYesterday: '' };

beforeAll(async () => {
  test = await createAuthTestApp();
  const owner = await invitingCompany(test, 'RU', 'history');
  await test.database.db.update(suppliers).set({ status: 'active' }).where(eq(suppliers.id, owner.supplierId));
  const cashier = await joinedPerson(test, owner.token, owner.supplierId, { roles: ['roleRedeemer'] });
  Object.assign(shop, {
    supplierId: owner.supplierId,
    admin: owner.token,
    adminId: (await userByEmail(test, owner.email))!.id,
    redeemer: cashier.accessToken,
    redeemerId: cashier.id,
  });
  demoGifts = await supplierIdOf(test, 'Demo Gifts');
  accountantOfDemo = (await test.login('accountant@demo.test')).accessToken;

  const card = await certificate(await product(shop.supplierId));
  made.redeemerYesterday = await redeemedAt(card, shop.redeemerId, '2026-11-20T09:00:00Z');
  // 23:30 in Moscow on the 20th, and 01:00 on the 21st: UTC would count both on the 20th.
  made.redeemerBeforeMidnight = await redeemedAt(card, shop.redeemerId, '2026-11-20T20:30:00Z');
  made.redeemerAfterMidnight = await redeemedAt(card, shop.redeemerId, '2026-11-20T22:00:00Z');
  made.redeemerToday = await redeem(shop.redeemer, card.number, 2_500);
  test.clock.advance(60_000);
  made.adminToday = await redeem(shop.admin, card.number, 1_000);
});
afterAll(() => test?.close());

describe('the till history', () => {
  it("keeps to the company's today: midnight in its zone, not in UTC", async () => {
    const today = expectOk(await history(shop.redeemer, { today: '1', mine: '1' }));
    expect(transactions(today)).toEqual([made.redeemerToday, made.redeemerAfterMidnight]);
    expect(today).toMatchObject({ total: 2, mine: true, timeZone: 'Europe/Moscow' });
    const ever = expectOk(await history(shop.redeemer, { mine: '1' }));
    expect(transactions(ever)).toEqual([
      made.redeemerToday,
      made.redeemerAfterMidnight,
      made.redeemerBeforeMidnight,
      made.redeemerYesterday,
    ]);
  });

  it("gives an admin their own by default and everyone's when asked, with names and amounts", async () => {
    const mine = expectOk(await history(shop.admin, { today: '1', mine: '1' }));
    expect(transactions(mine)).toEqual([made.adminToday]);
    expect(mine.mine).toBe(true);
    const all = expectOk(await history(shop.admin, { today: '1' }));
    expect(transactions(all)).toEqual([made.adminToday, made.redeemerToday, made.redeemerAfterMidnight]);
    expect(all.mine).toBe(false);
    expect(all.items[1]).toMatchObject({ sum: 2_500, currency: 'RUB', status: 'success', userName: 'Olga Kassirova' });
  });

  it('gives a redeemer who asks for everyone only their own', async () => {
    const asked = expectOk(await history(shop.redeemer, { today: '1', mine: '0' }));
    expect(asked.mine).toBe(true);
    expect(transactions(asked)).toEqual([made.redeemerToday, made.redeemerAfterMidnight]);
    // Without any filter as well: the whole ledger, but theirs.
    expect(transactions(expectOk(await history(shop.redeemer, {})))).not.toContain(made.adminToday);
  });

  it("pages today's entries", async () => {
    const first = expectOk(await history(shop.admin, { today: '1', pageSize: '2' }));
    const second = expectOk(await history(shop.admin, { today: '1', pageSize: '2', page: '2' }));
    expect(first.total).toBe(3);
    expect([...transactions(first), ...transactions(second)]).toEqual([made.adminToday, made.redeemerToday, made.redeemerAfterMidnight]);
  });

  it("refuses another company's history and a malformed query with a code", async () => {
    expectError(await history(shop.redeemer, { today: '1' }, demoGifts), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await history(accountantOfDemo, { today: '1' }), 404, 'SUPPLIER_NOT_FOUND');
    expectInvalid(await history(shop.admin, { today: 'yes', mine: '2' }), { today: 'WRONG_TYPE', mine: 'WRONG_TYPE' });
    expectInvalid(await history(shop.admin, { today: '1', page: '0' }), { page: 'VALUE_TOO_SMALL' });
    expectInvalid(await history(shop.admin, { today: '1' }, 'not-a-company'), { supplierId: 'SUPPLIER_NOT_FOUND' });
  });
});

describe('the till keyboard', () => {
  it('is numeric for own codes and digit-only provider patterns, text once a product admits letters', async () => {
    expect(expectOk(await keyboard(shop.redeemer))).toMatchObject({ numericCodes: true });
    await product(shop.supplierId, { codeType: 'provider', codePattern: '\\d{12}' });
    expect(expectOk(await keyboard(shop.redeemer))).toMatchObject({ numericCodes: true });
    await product(shop.supplierId, { codeType: 'provider', codePattern: '[A-Z0-9]{10}' });
    expect(expectOk(await keyboard(shop.redeemer))).toMatchObject({ numericCodes: false });
  });

  it("is text for a provider's codes without a pattern, and for a company with no live product", async () => {
    const other = await invitingCompany(test, 'KZ', 'keys');
    // The company's own time zone comes with it: the card's dates read as its history and reports do.
    expect(expectOk(await keyboard(other.token, other.supplierId))).toEqual({ numericCodes: false, timeZone: 'Asia/Almaty' });
    await product(other.supplierId, { codeType: 'provider', codePattern: '' });
    expect(expectOk(await keyboard(other.token, other.supplierId))).toMatchObject({ numericCodes: false });
  });

  it('answers the demo company (own codes) to its members only', async () => {
    expect(expectOk(await keyboard(accountantOfDemo, demoGifts))).toMatchObject({ numericCodes: true });
    expectError(await keyboard(shop.redeemer, demoGifts), 404, 'SUPPLIER_NOT_FOUND');
    expectInvalid(await test.call('GET', '/api/front/redemption/till', { token: shop.admin }), { supplierId: 'REQUIRED' });
  });
});
