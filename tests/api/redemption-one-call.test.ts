import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from '../../server/db/pglite-thread';
import { idempotencyKeys, mailOutbox } from '../../server/db/schema';
import { createTestApp, type TestApp } from './support/app';
import { supplierIdOf } from './support/users';

/**
 * Decision 101: a redemption is one read and one call, and every statement of the check and the redemption is
 * prepared. The statements are counted where each driver sends them (a pass-through wrapper, nothing is mocked).
 */

let test: TestApp;
let redeemer: string;
let companyId: string;
let productId: string;
let counter = 0;
const unique = () => `${Date.now()}-${++counter}`;

/** What reached the database while `run` ran: the statement's text, and its name where it was prepared (pg). */
async function statementsOf(run: () => Promise<unknown>): Promise<{ text: string; name?: string }[]> {
  const sent: { text: string; name?: string }[] = [];
  const wrapped: [Record<string, unknown>, string][] = [
    [pg.Client.prototype as unknown as Record<string, unknown>, 'query'],
    // The embedded database's client on the main thread (decision 103): what it sends is what reaches PGlite.
    [PGliteThread.prototype as unknown as Record<string, unknown>, 'query'],
    [PGliteThread.prototype as unknown as Record<string, unknown>, 'exec'],
  ];
  const originals = wrapped.map(([target, method]) => {
    const original = target[method] as (...args: unknown[]) => unknown;
    target[method] = function (this: unknown, ...args: unknown[]) {
      const [query] = args as [string | { text: string; name?: string }];
      sent.push(typeof query === 'string' ? { text: query } : { text: query.text, name: query.name });
      return original.apply(this, args);
    };
    return () => (target[method] = original);
  });
  try {
    await run();
  } finally {
    originals.forEach((restore) => restore());
  }
  return sent;
}

const issueOne = async (holder: object = {}) => {
  const response = await test.call('POST', '/api/partner/v1/certificates', {
    body: { productId, denomination: 100_000, quantity: 1, orderNumber: `ONE-CALL-${unique()}`, channel: 'test', ...holder },
    headers: { 'x-api-key': test.deps.keys.partnerApiKey },
  });
  return response.body.data.certificates[0] as { number: string; pin: string };
};
const check = (number: string, pin: string) =>
  test.call('POST', '/api/front/redemption/check', { token: redeemer, body: { supplierId: companyId, number, pin } });
const redeem = (number: string, pin: string, amount: number, key = `key-${unique()}`) =>
  test.call('POST', '/api/front/redemption/redeem', {
    token: redeemer,
    body: { supplierId: companyId, number, pin, amount },
    headers: { 'idempotency-key': key },
  });

beforeAll(async () => {
  test = await createTestApp();
  redeemer = (await test.login('redeemer@demo.test')).accessToken;
  const admin = (await test.login('admin@demo.test')).accessToken;
  companyId = await supplierIdOf(test, 'Demo Gifts');
  const products = await test.call('GET', `/api/front/supplier/products?supplierId=${companyId}`, { token: admin });
  productId = products.body.data.items.find((product: { name: string }) => product.name === 'Demo Gifts card').id;
});
afterAll(() => test?.close());

describe('round trips', () => {
  it('a check is two prepared statements and a redemption two: the read, then the counters or the one call', async () => {
    const { number, pin } = await issueOne();
    await check(number, pin); // the company's format rules are loaded once and kept
    const checked = await statementsOf(async () => expect((await check(number, pin)).status).toBe(200));
    const redeemed = await statementsOf(async () => expect((await redeem(number, pin, 100)).status).toBe(200));
    console.log(`statements: check ${checked.length}, redeem ${redeemed.length} (${test.database.kind})`);
    expect(checked).toHaveLength(2);
    expect(redeemed).toHaveLength(2);
    expect(redeemed[1]!.text).toContain('certdesk_redeem(');
    // pg prepares a named statement once per connection; PGlite's driver has no names (Drizzle keeps the built query).
    if (test.database.kind === 'postgres') expect([...checked, ...redeemed].filter((statement) => !statement.name)).toEqual([]);
  });
});

describe('one call per key', () => {
  it('takes effect once among parallel calls with one key: the others replay it byte for byte or are told it runs', async () => {
    const { number, pin } = await issueOne();
    const key = `key-${unique()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(number, pin, 700, key)));
    const spent = answers.filter((answer) => answer.status === 200);
    expect(spent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(spent.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.error.code)).toEqual(
      Array(answers.length - spent.length).fill('IDEMPOTENCY_IN_PROGRESS'),
    );
    expect((await check(number, pin)).body.data.balance).toBe(100_000 - 700);
    expect((await redeem(number, pin, 700, key)).text).toBe(spent[0]!.text);
  });

  it('refuses a key sent with other bodies at once: one of them spends, the rest are 422 or 409', async () => {
    const { number, pin } = await issueOne();
    const key = `key-${unique()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => redeem(number, pin, 100 + index, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 409, 422].includes(status))).toBe(true);
    const amount = answers.find((answer) => answer.status === 200)!.body.data.amount as number;
    expect((await check(number, pin)).body.data.balance).toBe(100_000 - amount);
  });

  it('stores the facts the answer is derived from, and derives the same bytes from them on every replay', async () => {
    const { number, pin } = await issueOne();
    const key = `key-${unique()}`;
    const first = await redeem(number, pin, 2_500, key);
    const [stored] = await test.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ state: 'done', responseStatus: 200 });
    expect(JSON.parse(stored!.responseBody!).facts).toMatchObject({ amount: 2_500, certificate: { balance: 97_500 } });
    // Later redemptions change the certificate; the replay still shows it as the first answer did.
    await redeem(number, pin, 1_000);
    test.clock.advance(5 * 60_000);
    expect((await redeem(number, pin, 2_500, key)).text).toBe(first.text);
    expect(first.body.data).toMatchObject({ amount: 2_500, balance: 97_500, certificate: { balance: 97_500 } });
  });

  it("names in each holder's notice the balance its redemption left, also when parallel ones changed it after the read", async () => {
    const holderEmail = `holder.${unique()}@example.test`;
    const { number, pin } = await issueOne({ holderEmail });
    // Six of 150,00 ₽ at once: every call but the first finds the balance its read predicted already spent from.
    const answers = await Promise.all(Array.from({ length: 6 }, () => redeem(number, pin, 15_000)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const left = answers.map((answer) => answer.body.data.balance as number).sort((a, b) => a - b);
    expect(left).toEqual([10_000, 25_000, 40_000, 55_000, 70_000, 85_000]);
    const mails = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, holderEmail));
    const named = mails.map((mail) => left.find((balance) => mail.text.replace(/\s/g, ' ').includes(`${balance / 100},00 ₽`)));
    expect(named.sort((a, b) => a! - b!)).toEqual(left);
  });
});
