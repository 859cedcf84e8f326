import type { Denominations } from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, partnerOrders, products, suppliers } from '../../server/db/schema';
import { productData, productRow, type ProductChange } from '../../server/seed-products';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { supplierIdOf } from './support/users';

/**
 * Issue 12, decision 055: the issuing API sells a product only as its live copy
 * says, and only while it is on sale (approved, switched on, of an active company).
 */

let test: TestApp;
let demoGifts: string;
let admin: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  demoGifts = await supplierIdOf(test, 'Demo Gifts');
  admin = (await test.login('admin@demo.test')).accessToken;
});
afterAll(() => test?.close());

let productCounter = 0;
/** A product of the company put straight into the database: approved and on sale unless told otherwise. */
async function arrange(
  change: ProductChange = {},
  options: { supplierId?: string; live?: boolean; status?: 'draft' | 'moderation' | 'rejected' | 'active'; inactive?: boolean } = {},
): Promise<string> {
  productCounter += 1;
  const { supplierId = demoGifts, live, status, inactive } = options;
  const row = productRow(supplierId, productData(`Issuing ${productCounter}`, change), { live, status });
  const [made] = await test.database.db
    .insert(products)
    .values({ ...row, activity: inactive ? 'inactive' : 'active' })
    .returning({ id: products.id });
  return made!.id;
}

let orderCounter = 0;
const order = (productId: string, denomination: number, extra: object = {}) => ({
  productId,
  denomination,
  quantity: 1,
  orderNumber: `ISSUE-${++orderCounter}`,
  channel: 'test',
  ...extra,
});
const issue = (body: object) =>
  test.call('POST', '/api/partner/v1/certificates', { body, headers: { 'x-api-key': test.deps.keys.partnerApiKey } });
const issued = async (body: object) => {
  const response = await issue(body);
  expect(response.status, response.text).toBe(200);
  return response.body.data.certificates as { number: string; pin: string | null; validUntil: string; denomination: number }[];
};
const rowOf = async (number: string) => (await test.database.db.select().from(certificates).where(eq(certificates.number, number)))[0]!;
const ordersOf = async (orderNumber: string) =>
  test.database.db.select().from(certificates).where(eq(certificates.orderNumber, orderNumber));

const range = (min: number, max: number, multiplicity: number): Denominations => ({
  kind: 'range',
  min,
  max,
  multiplicity,
  showDescriptionInPdf: false,
});
const fixed = (...values: number[]): Denominations => ({
  kind: 'fixed',
  items: values.map((value) => ({ value, description: '', externalId: '' })),
  showDescriptionInPdf: false,
});

describe('what is on sale', () => {
  const notOnSale = async (productId: string) => {
    const body = order(productId, 100_000);
    expectError(await issue(body), 422, 'PRODUCT_NOT_ON_SALE', { productId: 'PRODUCT_NOT_ON_SALE' });
    expect(await ordersOf(body.orderNumber)).toHaveLength(0);
  };

  it('refuses a draft that was never approved (no live copy)', async () => {
    await notOnSale(await arrange({}, { live: false }));
  });

  it('refuses a product sent back at its first moderation', async () => {
    await notOnSale(await arrange({}, { live: false, status: 'rejected' }));
  });

  it('refuses a product the marketplace switched off', async () => {
    await notOnSale(await arrange({}, { inactive: true }));
  });

  it('refuses a product of a company that is not active', async () => {
    const [pending] = await test.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.status, 'moderation'));
    await notOnSale(await arrange({}, { supplierId: pending!.id }));
  });

  it('refuses a product whose fixed expiry date has passed (its certificates would be born expired)', async () => {
    await notOnSale(await arrange({ terms: { validity: { kind: 'fixedDate', date: '2026-11-20' } } }));
  });

  it('answers an unknown product as not found', async () => {
    expectError(await issue(order('00000000-0000-4000-8000-000000000000', 100_000)), 404, 'ITEM_NOT_FOUND', {
      productId: 'ITEM_NOT_FOUND',
    });
  });

  it('refuses provider-code products: the platform does not make up a provider’s codes', async () => {
    const productId = await arrange({ information: { codeType: 'provider', codePattern: 'GC[0-9]{10}' } });
    expectError(await issue(order(productId, 100_000)), 422, 'PROVIDER_CODES_NOT_ISSUED', { productId: 'PROVIDER_CODES_NOT_ISSUED' });
  });

  it('sells the live copy while a newer working copy is edited: its denominations, not the draft’s', async () => {
    const productId = await arrange({ denominations: fixed(100_000) });
    const edited = productData('Edited', { denominations: fixed(700_000) });
    await test.database.db.update(products).set({ status: 'draft', data: edited }).where(eq(products.id, productId));
    expect(await issued(order(productId, 100_000))).toHaveLength(1);
    expectError(await issue(order(productId, 700_000)), 422, 'DENOMINATION_NOT_ALLOWED');
  });

  it('issues a refused order number later, once the product is on sale', async () => {
    const productId = await arrange({}, { inactive: true });
    const body = order(productId, 100_000);
    expectError(await issue(body), 422, 'PRODUCT_NOT_ON_SALE');
    await test.database.db.update(products).set({ activity: 'active' }).where(eq(products.id, productId));
    expect(await issued(body)).toHaveLength(1);
  });
});

describe('denominations', () => {
  const refused = async (productId: string, denomination: number) => {
    const body = order(productId, denomination);
    expectError(await issue(body), 422, 'DENOMINATION_NOT_ALLOWED', { denomination: 'DENOMINATION_NOT_ALLOWED' });
    expect(await test.database.db.select().from(partnerOrders).where(eq(partnerOrders.orderNumber, body.orderNumber))).toHaveLength(0);
  };

  it('takes only a value of a fixed list', async () => {
    const productId = await arrange({ denominations: fixed(100_000, 250_000) });
    await refused(productId, 150_000);
    await refused(productId, 100_001);
    for (const value of [100_000, 250_000]) expect((await issued(order(productId, value)))[0]!.denomination).toBe(value);
  });

  it('takes a range’s values from min to max at its step, and nothing else', async () => {
    // 10.00 to 500.00 in steps of 5.00.
    const productId = await arrange({ denominations: range(1_000, 50_000, 500) });
    await refused(productId, 500); // below the range
    await refused(productId, 50_500); // above it
    await refused(productId, 1_250); // off the step
    await refused(productId, 49_999);
    for (const value of [1_000, 1_500, 25_000, 50_000]) {
      const [certificate] = await issued(order(productId, value));
      expect(certificate!.denomination).toBe(value);
      expect(await rowOf(certificate!.number)).toMatchObject({ denomination: value, balance: value });
    }
  });
});

describe('the terms', () => {
  it.each([
    ['months', { kind: 'months', months: 3 }, '2027-02-21T10:00:00.000Z'],
    ['a fixed date', { kind: 'fixedDate', date: '2027-06-30' }, '2027-06-30T23:59:59.999Z'],
    ['perpetual', { kind: 'perpetual' }, '9999-12-31T23:59:59.999Z'],
  ] as const)('sets validUntil by the validity (%s)', async (_name, validity, validUntil) => {
    const productId = await arrange({ terms: { validity } });
    const [certificate] = await issued(order(productId, 100_000));
    expect(certificate!.validUntil).toBe(validUntil);
    expect((await rowOf(certificate!.number)).validUntil.toISOString()).toBe(validUntil);
    const checked = await test.call('POST', '/api/front/redemption/check', {
      token: admin,
      body: { supplierId: demoGifts, number: certificate!.number, pin: certificate!.pin },
    });
    expect(checked.body.data).toMatchObject({ status: 'active', validUntil });
  });

  it('issues no PIN when the product needs none, and the till takes the number alone', async () => {
    const productId = await arrange({ information: { pinRequired: false } });
    const [certificate] = await issued(order(productId, 100_000, { quantity: 2 }));
    expect(certificate!.pin).toBeNull();
    expect((await rowOf(certificate!.number)).pinHash).toBeNull();
    const checked = await test.call('POST', '/api/front/redemption/check', {
      token: admin,
      body: { supplierId: demoGifts, number: certificate!.number },
    });
    expect(checked.body.data).toMatchObject({ status: 'active', balance: 100_000 });
  });

  it('issues a six-digit PIN when the product needs one', async () => {
    const [certificate] = await issued(order(await arrange(), 100_000));
    expect(certificate!.pin).toMatch(/^\d{6}$/);
    expect((await rowOf(certificate!.number)).pinHash).not.toBeNull();
  });

  it.each([
    ['single use', { kind: 'no' }, 1],
    ['limited to 3', { kind: 'limited', max: 3 }, 3],
    ['unlimited', { kind: 'unlimited' }, null],
  ] as const)('sets redemptionsLeft by the multi-use setting (%s), and the till stops at the limit', async (_name, multiUse, left) => {
    const productId = await arrange({ terms: { multiUse } });
    const [certificate] = await issued(order(productId, 100_000));
    expect((await rowOf(certificate!.number)).redemptionsLeft).toBe(left);
    const redeem = (n: number) =>
      test.call('POST', '/api/front/redemption/redeem', {
        token: admin,
        body: { supplierId: demoGifts, number: certificate!.number, pin: certificate!.pin, amount: 1_000 },
        headers: { 'idempotency-key': `${certificate!.number}-${n}` },
      });
    const uses = left ?? 5;
    for (let n = 0; n < uses; n++) {
      const spent = await redeem(n);
      expect(spent.status, spent.text).toBe(200);
      expect(spent.body.data.certificate.redemptionsLeft).toBe(left === null ? null : left - n - 1);
    }
    const next = await redeem(uses);
    if (left === null) expect(next.status, next.text).toBe(200);
    else expectError(next, 422, 'REDEMPTION_LIMIT_REACHED');
    expect((await rowOf(certificate!.number)).balance).toBe(100_000 - 1_000 * (left === null ? uses + 1 : uses));
  });

  it('answers in the currency of the company’s country', async () => {
    const [certificate] = await issued(order(await arrange(), 100_000));
    expect(certificate).toMatchObject({ currency: 'RUB' });
  });
});

describe('one order, one set of certificates', () => {
  it('answers 10 concurrent requests with one order number alike and issues once', async () => {
    const body = order(await arrange({ denominations: range(1_000, 50_000, 500) }), 20_000, { quantity: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => issue(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const rows = await ordersOf(body.orderNumber);
    expect(rows.map((row) => row.number).sort()).toEqual(
      answers[0]!.body.data.certificates.map((certificate: { number: string }) => certificate.number).sort(),
    );
  });

  it('answers a repeated order as the first time, even after the product has left sale', async () => {
    const productId = await arrange();
    const body = order(productId, 100_000, { quantity: 2 });
    const first = await issue(body);
    expect(first.status).toBe(200);
    await test.database.db.update(products).set({ activity: 'inactive' }).where(eq(products.id, productId));
    const again = await issue(body);
    expect(again.text).toBe(first.text);
    expect(await ordersOf(body.orderNumber)).toHaveLength(2);
  });
});

describe("the company's products (GET /supplier/products)", () => {
  it('lists approved products only, by their live names', async () => {
    const [company] = await test.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.status, 'rejected'));
    const supplierId = company!.id;
    const approved = await arrange({}, { supplierId });
    const liveName = `Issuing ${productCounter}`;
    const renamed = productData('Draft name');
    await test.database.db.update(products).set({ data: renamed, status: 'draft' }).where(eq(products.id, approved));
    await arrange({}, { supplierId, live: false });
    await arrange({}, { supplierId, live: false, status: 'moderation' });
    const listed = await test.call('GET', `/api/front/supplier/products?supplierId=${supplierId}`, { token: admin });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.items).toEqual([
      { id: approved, name: liveName, pinRequired: true, redemptionLimit: 1, codePattern: null, pinPattern: null },
    ]);
  });
});
