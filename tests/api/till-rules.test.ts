import type { TechnicalInformation } from '@contract/catalogue';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, products, rateLimits, redemptions, suppliers } from '../../server/db/schema';
import { forgetTillRules, pinHash } from '../../server/modules/redemption';
import { FAILED_LOOKUPS_PER_USER, WRONG_PINS_PER_CERTIFICATE } from '../../server/modules/redemption/limits';
import { productData, productRow, type ProductChange } from '../../server/seed-products';
import { barcodeFrame, decodeFrame } from '../support/barcode-frame';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { companyWithAdmin, supplierIdOf } from './support/users';

/**
 * Issue 12, decision 055: the till checks a typed number and PIN against the
 * patterns of the company's live products before it looks anything up. A
 * number no product could have is refused without a lookup and without
 * counting a failed one; products without patterns take any number, as before.
 */

let test: TestApp;
/** A company whose live products all have code patterns (provider codes), and its admin. */
const shop = { supplierId: '', token: '', userId: '' };
let demoGifts: string;
let demoAdmin: string;

let productCounter = 0;
async function arrange(supplierId: string, information: Partial<TechnicalInformation>, change: ProductChange = {}, live = true) {
  productCounter += 1;
  const data = productData(`Till ${productCounter}`, { ...change, information: { codeType: 'provider', ...information } });
  const [made] = await test.database.db
    .insert(products)
    .values(productRow(supplierId, data, { live }))
    .returning({ id: products.id });
  return made!.id;
}

/** A certificate of a provider-code product, as if its codes had been loaded (the platform does not issue them). */
async function certificateOf(productId: string, supplierId: string, number: string, pin: string | null) {
  const now = test.clock.now();
  await test.database.db.insert(certificates).values({
    number,
    pinHash: pin === null ? null : pinHash(test.deps, number, pin),
    productId,
    supplierId,
    orderNumber: `TILL-${number}`,
    channel: 'test',
    purchasedAt: now,
    validUntil: new Date(now.getTime() + 365 * 86_400_000),
    denomination: 10_000,
    balance: 10_000,
    redemptionsLeft: null,
    currency: 'RUB',
  });
  return { number, pin: pin ?? '' };
}

const GIFT_CARD = { codePattern: 'GC[0-9]{10}', pinPattern: '[0-9]{4}', pinRequired: true };
const VOUCHER = { codePattern: '[0-9]{12}', pinPattern: '', pinRequired: false };
let card: { number: string; pin: string };
let voucher: { number: string; pin: string };

beforeAll(async () => {
  test = await createAuthTestApp();
  const owner = await companyWithAdmin(test, 'RU', 'till');
  await test.database.db.update(suppliers).set({ status: 'active' }).where(eq(suppliers.id, owner.supplierId));
  Object.assign(shop, { supplierId: owner.supplierId, token: owner.token, userId: (await userByEmail(test, owner.email))!.id });
  card = await certificateOf(await arrange(shop.supplierId, GIFT_CARD), shop.supplierId, 'GC0000000001', '1234');
  voucher = await certificateOf(await arrange(shop.supplierId, VOUCHER), shop.supplierId, '123456789012', null);
  demoGifts = await supplierIdOf(test, 'Demo Gifts');
  demoAdmin = (await test.login('admin@demo.test')).accessToken;
});
afterAll(() => test?.close());

const check = (body: { number: string; pin?: string }, supplierId = shop.supplierId, token = shop.token) =>
  test.call('POST', '/api/front/redemption/check', { token, body: { supplierId, ...body } });
let keyCounter = 0;
const redeem = (body: { number: string; pin?: string }, key = `till-${++keyCounter}`) =>
  test.call('POST', '/api/front/redemption/redeem', {
    token: shop.token,
    body: { supplierId: shop.supplierId, amount: 100, ...body },
    headers: { 'idempotency-key': key },
  });
const badNumber = { number: 'CERTIFICATE_NUMBER_INVALID' };
const badPin = { pin: 'PIN_FORMAT_INVALID' };
/** The user's failed-lookup counter, 0 when it has none. */
const failedLookups = async () =>
  (
    await test.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `lookup-fail:user:${shop.userId}`))
  )[0]?.count ?? 0;

describe('format before lookup', () => {
  it('refuses a number that matches no product’s code pattern, on check and on redeem', async () => {
    expectError(await check({ number: 'XYZ123', pin: '1234' }), 422, 'CERTIFICATE_NUMBER_INVALID', badNumber);
    expectError(await check({ number: 'GC00000000011', pin: '1234' }), 422, 'CERTIFICATE_NUMBER_INVALID', badNumber);
    const key = 'till-format';
    const refused = await redeem({ number: 'XYZ123', pin: '1234' }, key);
    expectError(refused, 422, 'CERTIFICATE_NUMBER_INVALID', badNumber);
    expect((await redeem({ number: 'XYZ123', pin: '1234' }, key)).text).toBe(refused.text); // the key's answer
  });

  it('refuses a PIN that matches the PIN pattern of none of the products the number may be of', async () => {
    expectError(await check({ number: card.number, pin: 'abcd' }), 422, 'PIN_FORMAT_INVALID', badPin);
    expectError(await check({ number: card.number, pin: '' }), 422, 'PIN_FORMAT_INVALID', badPin);
    expectError(await redeem({ number: card.number, pin: '12345' }), 422, 'PIN_FORMAT_INVALID', badPin);
    // The voucher needs no PIN: whatever is typed in the PIN field is no reason to refuse.
    expect((await check({ number: voucher.number, pin: 'abcd' })).body.data).toMatchObject({ status: 'active', balance: 10_000 });
  });

  it('matches the number as the lookup does: without spaces and dashes, upper case', async () => {
    expect((await check({ number: 'gc 0000-000001', pin: card.pin })).body.data).toMatchObject({ status: 'active', number: card.number });
  });

  it('looks up a number of the right format as before: unknown is not found, a wrong PIN is counted', async () => {
    const before = await failedLookups();
    expectError(await check({ number: 'GC9999999999', pin: '1234' }), 404, 'CERTIFICATE_NOT_FOUND');
    expect((await check({ number: card.number, pin: '9999' })).body.data).toEqual({ status: 'incorrectPin', number: card.number });
    expect(await failedLookups()).toBe(before + 2);
  });

  it('counts no failed lookup for refused formats: after more than the limit of them a real lookup still works', async () => {
    const before = await failedLookups();
    for (let attempt = 0; attempt < FAILED_LOOKUPS_PER_USER.max + 10; attempt++) {
      const refused = await check(
        attempt % 2 ? { number: `BAD${attempt}`, pin: '1234' } : { number: card.number, pin: `x${attempt}` },
        shop.supplierId,
      );
      expect(refused.status).toBe(422);
    }
    expect(await failedLookups()).toBe(before);
    // More wrong-format PINs than lock a certificate: it is not locked.
    expect(WRONG_PINS_PER_CERTIFICATE.max).toBeLessThan((FAILED_LOOKUPS_PER_USER.max + 10) / 2);
    expect((await check({ number: card.number, pin: card.pin })).body.data).toMatchObject({ status: 'active' });
    const spent = await redeem({ number: card.number, pin: card.pin });
    expect(spent.status, spent.text).toBe(200);
  });

  it('answers a catastrophic-backtracking pattern at once (RE2 runs in linear time)', async () => {
    // (A+)+$ takes exponential time in a backtracking engine on A…A1.
    const productId = await arrange(shop.supplierId, { codePattern: '(A+)+$', pinPattern: '(1+)+$', pinRequired: true });
    forgetTillRules(shop.supplierId);
    const started = performance.now();
    expectError(await check({ number: `${'A'.repeat(60)}1`, pin: '1111' }), 422, 'CERTIFICATE_NUMBER_INVALID', badNumber);
    expectError(await check({ number: 'A'.repeat(60), pin: `${'1'.repeat(31)}2` }), 422, 'PIN_FORMAT_INVALID', badPin);
    console.log(`catastrophic patterns answered in ${(performance.now() - started).toFixed(1)} ms`);
    // A number and PIN of that product's format are looked up.
    await certificateOf(productId, shop.supplierId, 'A'.repeat(60), '111');
    expect((await check({ number: 'A'.repeat(60), pin: '111' })).body.data).toMatchObject({ status: 'active' });
  });
});

describe('which products count', () => {
  it('ignores products that are not live: a draft without patterns does not open the format', async () => {
    await arrange(shop.supplierId, { codeType: 'own', codePattern: '', pinPattern: '' }, {}, false);
    forgetTillRules(shop.supplierId);
    expectError(await check({ number: 'XYZ123', pin: '1234' }), 422, 'CERTIFICATE_NUMBER_INVALID', badNumber);
  });

  it('takes any number in a company with a product without a code pattern (the demo data), looked up as today', async () => {
    await arrange(demoGifts, GIFT_CARD);
    forgetTillRules(demoGifts);
    expectError(await check({ number: 'XYZ123', pin: 'abcd' }, demoGifts, demoAdmin), 404, 'CERTIFICATE_NOT_FOUND');
    // A gift-card-like number may be the demo card's too, whose PIN has no pattern.
    expectError(await check({ number: 'GC0000000009', pin: 'abcd' }, demoGifts, demoAdmin), 404, 'CERTIFICATE_NOT_FOUND');
  });

  it('refuses on the rules as they are now: a product put live through another process counts at once', async () => {
    expectError(await check({ number: 'D123', pin: '1234' }), 422, 'CERTIFICATE_NUMBER_INVALID');
    // Live without this process being told, as when another API process approved it: its cached rules are not the last word.
    await arrange(shop.supplierId, { codePattern: 'D[0-9]{3}', pinPattern: '', pinRequired: false });
    expectError(await check({ number: 'D123', pin: '1234' }), 404, 'CERTIFICATE_NOT_FOUND');

    await arrange(shop.supplierId, { codePattern: 'E[0-9]{3}', pinPattern: '', pinRequired: false });
    forgetTillRules(shop.supplierId);
    expectError(await check({ number: 'E123', pin: '1234' }), 404, 'CERTIFICATE_NOT_FOUND');
  });
});

describe('the ledger', () => {
  it('writes nothing for a refused format', async () => {
    const entries = await test.database.db.select().from(redemptions).where(eq(redemptions.supplierId, shop.supplierId));
    // Only the one successful redemption above.
    expect(entries.map((entry) => entry.status)).toEqual(['success']);
  });
});

describe('optional check digits on Code 39 and ITF labels (decision 082)', () => {
  /** What the till's reader (zxing) gives for a label that prints `text`: the check character is passed on. */
  const scanned = async (text: string, format: 'Code39' | 'ITF') => {
    const [read] = await decodeFrame(await barcodeFrame(text, format, 1280, 480), [format]);
    expect(read?.text).toBe(text);
    return read!.text;
  };
  let labels: { supplierId: string; token: string };
  const checkAt = (number: string, supplierId = labels.supplierId, token = labels.token) => check({ number }, supplierId, token);

  /** An active company with one PIN-less product per label format, each with one certificate. */
  const labelShop = async (label: string, formats: [barcodeType: 'code39' | 'i25', codePattern: string, number: string][]) => {
    const owner = await companyWithAdmin(test, 'RU', label);
    await test.database.db.update(suppliers).set({ status: 'active' }).where(eq(suppliers.id, owner.supplierId));
    for (const [barcodeType, codePattern, number] of formats)
      await certificateOf(
        await arrange(owner.supplierId, { barcodeType, codePattern, pinPattern: '', pinRequired: false }),
        owner.supplierId,
        number,
        null,
      );
    return { supplierId: owner.supplierId, token: owner.token };
  };

  beforeAll(async () => {
    labels = await labelShop('labels', [
      ['code39', '[0-9]{10}', '4006381333'],
      ['i25', '[0-9]{13}', '4006381333931'],
    ]);
  });

  it('a Code 39 label with its mod 43 check character checks and redeems the certificate without it', async () => {
    // 4+0+0+6+3+8+1+3+3+3 = 31: the check character is V (31 of 0–9A–Z…).
    const number = await scanned('4006381333V', 'Code39');
    const answer = await checkAt(number);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'active', number: '4006381333' });
    const spent = await test.call('POST', '/api/front/redemption/redeem', {
      token: labels.token,
      body: { supplierId: labels.supplierId, number, amount: 100 },
      headers: { 'idempotency-key': 'label-code39' },
    });
    expect(spent.status, spent.text).toBe(200);
    expect((await checkAt('4006381333')).body.data.balance).toBe(9_900);
  });

  it('an ITF label with its mod 10 check digit checks the certificate without it', async () => {
    // Weights 3, 1, 3… from the right of 4006381333931 add up to 86: the check digit is 4.
    const number = await scanned('40063813339314', 'ITF');
    expect((await checkAt(number)).body.data).toMatchObject({ status: 'active', number: '4006381333931' });
  });

  it('keeps the number as given when the format does not say so: a wrong check character, or a format the whole number fits', async () => {
    expectError(await checkAt('4006381333W'), 422, 'CERTIFICATE_NUMBER_INVALID');
    expectError(await checkAt('40063813339311'), 422, 'CERTIFICATE_NUMBER_INVALID');
    // A company whose Code 39 numbers may be 10 or 11 long: the eleventh character is part of the number.
    const loose = await labelShop('loose', [['code39', '[0-9A-Z]{10,11}', '4006381334']]);
    // W is the check character of 4006381334 (a sum of 32), but the eleven characters fit the format as they are.
    expectError(await checkAt('4006381334W', loose.supplierId, loose.token), 404, 'CERTIFICATE_NOT_FOUND');
    expect((await checkAt('4006381334', loose.supplierId, loose.token)).status).toBe(200);
  });
});
