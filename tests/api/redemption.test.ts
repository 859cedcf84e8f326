import { isLuhnValid } from '@contract/luhn';
import { and, count, eq, sql, sum } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, certificates, idempotencyKeys, memberships, redemptions, users } from '../../server/db/schema';
import { sha256 } from '../../server/lib/crypto';
import { DEMO_CERTIFICATES } from '../../server/seed';
import { createTestApp, userByEmail, type TestApp } from './support/app';

const demo = (pin: string) => DEMO_CERTIFICATES.find((certificate) => certificate.pin === pin)!;
const [ACTIVE, PARTLY, REDEEMED, EXPIRED, BLOCKED, SPA, BRANCH] = [
  '111111',
  '222222',
  '333333',
  '444444',
  '555555',
  '666666',
  '777777',
].map(demo);

let test: TestApp;
let redeemer: string;
let accountant: string;
let admin: string;
let mainId: string;
let branchId: string;
let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${keyCounter++}`;

const check = (token: string, body: object) => test.call('POST', '/api/front/redemption/check', { token, body });
const redeem = (token: string, body: object, key: string | null = newKey()) =>
  test.call('POST', '/api/front/redemption/redeem', { token, body, headers: key === null ? {} : { 'idempotency-key': key } });
const balanceOf = async (number: string) =>
  (await test.database.db.select({ balance: certificates.balance }).from(certificates).where(eq(certificates.number, number)))[0]!.balance;

const issue = (body: object, apiKey = test.deps.keys.partnerApiKey) =>
  test.call('POST', '/api/partner/v1/certificates', { body, headers: { 'x-api-key': apiKey } });

let orderCounter = 0;
/** A new certificate of the card product, issued through the partner API. */
const issueOne = async (denomination: number) => {
  const issued = await issue({
    productId: await cardProductId(),
    denomination,
    quantity: 1,
    orderNumber: `ONE-${orderCounter++}`,
    channel: 'test',
  });
  return issued.body.data.certificates[0] as { number: string; pin: string };
};

/** The certificate and what the ledger says was spent from it, to check `denomination − spent = balance`. */
const ledgerOf = async (number: string) => {
  const [certificate] = await test.database.db.select().from(certificates).where(eq(certificates.number, number));
  const [spent] = await test.database.db
    .select({ amount: sum(redemptions.amount), entries: count() })
    .from(redemptions)
    .where(and(eq(redemptions.certificateId, certificate!.id), eq(redemptions.status, 'success')));
  return { certificate: certificate!, spent: Number(spent?.amount ?? 0), successes: spent?.entries ?? 0 };
};

beforeAll(async () => {
  test = await createTestApp();
  redeemer = (await test.login('redeemer@demo.test')).accessToken;
  accountant = (await test.login('accountant@demo.test')).accessToken;
  admin = (await test.login('admin@demo.test')).accessToken;
  const info = await test.call('GET', '/api/front/user/account/get-info', { token: admin });
  mainId = info.body.data.memberships.find((m: { supplierName: string }) => m.supplierName === 'Demo Gifts').supplierId;
  branchId = info.body.data.memberships.find((m: { supplierName: string }) => m.supplierName === 'Demo Gifts Kazan').supplierId;
});
afterAll(() => test.close());

describe('check', () => {
  it.each([
    [ACTIVE, 'active', 500_000],
    [PARTLY, 'active', 180_000],
    [REDEEMED, 'redeemed', 0],
    [EXPIRED, 'expired', 200_000],
    [BLOCKED, 'blocked', 150_000],
  ])('shows %s.state as its status with the balance', async (certificate, status, balance) => {
    const response = await check(redeemer, { supplierId: mainId, number: certificate!.number, pin: certificate!.pin });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      status,
      balance,
      number: certificate!.number,
      currency: 'RUB',
      denomination: certificate!.amount,
    });
    expect(response.body.data.history.map((entry: { amount: number }) => entry.amount).sort()).toEqual([...certificate!.spent].sort());
  });

  it('answers only "incorrect PIN" for a wrong PIN, with no details', async () => {
    const response = await check(accountant, { supplierId: mainId, number: ACTIVE!.number, pin: '000000' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ status: 'incorrectPin', number: ACTIVE!.number });
  });

  it('shows redemptions left for a multi-use certificate and null for unlimited', async () => {
    expect((await check(redeemer, { supplierId: mainId, number: SPA!.number, pin: SPA!.pin })).body.data.redemptionsLeft).toBe(2);
    expect((await check(redeemer, { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin })).body.data.redemptionsLeft).toBeNull();
  });

  it('accepts a number typed with spaces and dashes', async () => {
    const typed = ACTIVE!.number
      .replace(/(\d{4})/g, '$1 ')
      .trim()
      .replace(' ', '-');
    expect((await check(redeemer, { supplierId: mainId, number: typed, pin: ACTIVE!.pin })).body.data.status).toBe('active');
  });

  it("treats another supplier's certificate as not found, and a company the user is not in as not found", async () => {
    const elsewhere = await check(redeemer, { supplierId: mainId, number: BRANCH!.number, pin: BRANCH!.pin });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe('CERTIFICATE_NOT_FOUND');
    const notMember = await check(redeemer, { supplierId: branchId, number: BRANCH!.number, pin: BRANCH!.pin });
    expect(notMember.status).toBe(404);
    expect(notMember.body.error.code).toBe('SUPPLIER_NOT_FOUND');
  });

  it('confirms the login and the membership in its one read: an ended login, a blocked user or member gets no certificate', async () => {
    const body = { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin };
    const balance = await balanceOf(ACTIVE!.number);
    const refusals = async (token: string) =>
      (await Promise.all([check(token, body), redeem(token, { ...body, amount: 100 })])).map((answer) => [
        answer.status,
        answer.body.error?.code,
      ]);

    const ended = (await test.login('redeemer@demo.test')).accessToken;
    expect((await test.call('POST', '/api/front/auth/logout', { token: ended })).status).toBe(200);
    expect(await refusals(ended)).toEqual([
      [401, 'UNAUTHORIZED'],
      [401, 'UNAUTHORIZED'],
    ]);

    const redeemerId = (await userByEmail(test, 'redeemer@demo.test'))!.id;
    const blockUser = (status: 'active' | 'blocked') => test.database.db.update(users).set({ status }).where(eq(users.id, redeemerId));
    await blockUser('blocked');
    try {
      expect(await refusals(redeemer)).toEqual([
        [403, 'USER_BLOCKED'],
        [403, 'USER_BLOCKED'],
      ]);
    } finally {
      await blockUser('active');
    }

    const member = and(eq(memberships.userId, redeemerId), eq(memberships.supplierId, mainId));
    await test.database.db.update(memberships).set({ status: 'blocked' }).where(member);
    try {
      expect(await refusals(redeemer)).toEqual([
        [403, 'MEMBERSHIP_BLOCKED'],
        [403, 'MEMBERSHIP_BLOCKED'],
      ]);
    } finally {
      await test.database.db.update(memberships).set({ status: 'active' }).where(member);
    }
    expect(await balanceOf(ACTIVE!.number)).toBe(balance);
    expect((await check(redeemer, body)).body.data.status).toBe('active');
  });

  it('needs a session', async () => {
    expect((await test.call('POST', '/api/front/redemption/check', { body: { supplierId: mainId, number: ACTIVE!.number } })).status).toBe(
      401,
    );
  });
});

describe('redeem', () => {
  it('redeems part of the balance and records it in the ledger and the history', async () => {
    const before = await balanceOf(PARTLY!.number);
    const response = await redeem(redeemer, { supplierId: mainId, number: PARTLY!.number, pin: PARTLY!.pin, amount: 1000 });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ amount: 1000, balance: before - 1000 });
    expect(response.body.data.transactionNumber).toMatch(/^R\d{6}[0-9A-F]{10}$/);
    expect(response.body.data.certificate.history[0]).toMatchObject({
      amount: 1000,
      transactionNumber: response.body.data.transactionNumber,
    });
    expect(await balanceOf(PARTLY!.number)).toBe(before - 1000);
  });

  it("writes the certificate's number, order and currency into its ledger entries, refusals too (the report reads them there)", async () => {
    await redeem(redeemer, { supplierId: mainId, number: PARTLY!.number, pin: PARTLY!.pin, amount: 100 });
    await redeem(redeemer, { supplierId: mainId, number: EXPIRED!.number, pin: EXPIRED!.pin, amount: 100 });
    for (const { number } of [PARTLY!, EXPIRED!]) {
      const { certificate } = await ledgerOf(number);
      const entries = await test.database.db
        .select({ certificateNumber: redemptions.certificateNumber, orderNumber: redemptions.orderNumber, currency: redemptions.currency })
        .from(redemptions)
        .where(eq(redemptions.certificateId, certificate.id));
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries)
        expect(entry).toEqual({ certificateNumber: number, orderNumber: certificate.orderNumber, currency: certificate.currency });
    }
  });

  it('refuses an amount over the balance and leaves the balance as it was', async () => {
    const before = await balanceOf(PARTLY!.number);
    const response = await redeem(redeemer, { supplierId: mainId, number: PARTLY!.number, pin: PARTLY!.pin, amount: before + 1 });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'AMOUNT_EXCEEDS_BALANCE', fields: { amount: 'AMOUNT_EXCEEDS_BALANCE' } });
    expect(await balanceOf(PARTLY!.number)).toBe(before);
  });

  it.each([
    [REDEEMED, 'CERTIFICATE_REDEEMED'],
    [EXPIRED, 'CERTIFICATE_EXPIRED'],
    [BLOCKED, 'CERTIFICATE_BLOCKED'],
  ])('refuses %s.state with its own error', async (certificate, code) => {
    const before = await balanceOf(certificate!.number);
    const response = await redeem(redeemer, { supplierId: mainId, number: certificate!.number, pin: certificate!.pin, amount: 100 });
    expect(response.body.error.code).toBe(code);
    expect(await balanceOf(certificate!.number)).toBe(before);
  });

  it('refuses amounts that are not positive whole minor units', async () => {
    for (const amount of [0, -5, 10.5, '100']) {
      const response = await redeem(redeemer, { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin, amount });
      expect(response.status).toBe(422);
      expect(response.body.error.fields.amount).toBeDefined();
    }
  });

  it('is refused to an accountant (403) but allowed to an admin', async () => {
    const body = { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin, amount: 100 };
    const refused = await redeem(accountant, body);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await redeem(admin, body)).status).toBe(200);
  });

  it('needs an Idempotency-Key header', async () => {
    const response = await redeem(redeemer, { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin, amount: 100 }, null);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('stops at the redemption limit of a multi-use certificate', async () => {
    const body = { supplierId: mainId, number: SPA!.number, pin: SPA!.pin, amount: 100 };
    expect((await redeem(redeemer, body)).body.data.certificate.redemptionsLeft).toBe(1);
    const last = await redeem(redeemer, body);
    expect(last.body.data.certificate).toMatchObject({ redemptionsLeft: 0, status: 'redeemed' });
    const refused = await redeem(redeemer, body);
    expect(refused.body.error.code).toBe('REDEMPTION_LIMIT_REACHED');
  });

  it('answers no redemptions left once the balance is spent, whatever the visit counter says (decision 64)', async () => {
    const certificate = await issueOne(100_000);
    const body = { supplierId: mainId, number: certificate.number, pin: certificate.pin };
    const spent = await redeem(redeemer, { ...body, amount: 100_000 });
    expect(spent.body.data.certificate).toMatchObject({ status: 'redeemed', balance: 0, redemptionsLeft: 0 });
    expect((await check(redeemer, body)).body.data).toMatchObject({ status: 'redeemed', redemptionsLeft: 0 });
  });
});

describe('idempotency', () => {
  const body = () => ({ supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin, amount: 700 });

  it('replays the first answer byte for byte for the same key and body, spending once', async () => {
    const key = newKey();
    const before = await balanceOf(ACTIVE!.number);
    const first = await redeem(redeemer, body(), key);
    const again = await redeem(redeemer, body(), key);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await balanceOf(ACTIVE!.number)).toBe(before - 700);
  });

  it('replays a refusal too', async () => {
    const key = newKey();
    const over = { ...body(), amount: 999_999_999 };
    const first = await redeem(redeemer, over, key);
    expect(first.status).toBe(422);
    expect(await redeem(redeemer, over, key)).toMatchObject({ status: 422, text: first.text });
  });

  it('refuses the same key with another body (422)', async () => {
    const key = newKey();
    await redeem(redeemer, body(), key);
    const changed = await redeem(redeemer, { ...body(), amount: 701 }, key);
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const key = newKey();
    const user = await userByEmail(test, 'redeemer@demo.test');
    // The first request has claimed the key and not finished yet.
    const parsed = { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin, amount: 700 };
    await test.database.db
      .insert(idempotencyKeys)
      .values({ userId: user!.id, key, requestHash: sha256(JSON.stringify(parsed)), state: 'running', claimedAt: test.clock.now() });
    const before = await balanceOf(ACTIVE!.number);
    const retry = await redeem(redeemer, body(), key);
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await balanceOf(ACTIVE!.number)).toBe(before);

    // A first run that never finished (its process died) frees the key after a minute.
    test.clock.advance(61_000);
    const later = await redeem(redeemer, body(), key);
    expect(later.status).toBe(200);
    expect(await balanceOf(ACTIVE!.number)).toBe(before - 700);
  });

  it('keys are per user: the same key from another user is a new request', async () => {
    const key = newKey();
    const before = await balanceOf(ACTIVE!.number);
    await redeem(redeemer, body(), key);
    await redeem(admin, body(), key);
    expect(await balanceOf(ACTIVE!.number)).toBe(before - 1400);
  });
});

describe('concurrency', () => {
  it('200 concurrent redemptions of 20.00 against 1000.00: exactly 50 succeed and the ledger adds up', async () => {
    const issued = await issue({
      productId: await cardProductId(),
      denomination: 100_000,
      quantity: 1,
      orderNumber: 'RACE-1',
      channel: 'test',
    });
    const { number, pin } = issued.body.data.certificates[0];
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => redeem(redeemer, { supplierId: mainId, number, pin, amount: 2000 })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status >= 500)).toHaveLength(0);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.error.code))).toEqual(new Set(['CERTIFICATE_REDEEMED']));
    expect(await balanceOf(number)).toBe(0);

    const { certificate, spent } = await ledgerOf(number);
    expect(spent).toBe(100_000);
    expect(certificate.denomination - spent).toBe(certificate.balance);
  }, 120_000);
});

/** Waits until `condition` holds, polling; fails after 10 s. */
async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  for (const started = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > 10_000) throw new Error('timed out waiting');
  }
}

/** The URL of this file's scratch PostgreSQL database, for a second connection of the test's own. */
async function testDatabaseUrl(): Promise<string> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  // Both drivers answer a raw query with its rows.
  const { rows } = (await test.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

describe('one key, one debit', () => {
  const spending = (certificate: { number: string; pin: string }) => ({ supplierId: mainId, ...certificate, amount: 1000 });

  it('takes a stale key over only after reading the ledger: a recorded debit is answered, not repeated', async () => {
    const certificate = await issueOne(100_000);
    const key = newKey();
    const first = await redeem(redeemer, spending(certificate), key);
    expect(first.status).toBe(200);
    // What a crash between the ledger's commit and the answer's used to leave: the debit recorded, the key still running.
    await test.database.db
      .update(idempotencyKeys)
      .set({ state: 'running', responseStatus: null, responseBody: null })
      .where(eq(idempotencyKeys.key, key));
    test.clock.advance(61_000);

    const retry = await redeem(redeemer, spending(certificate), key);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.data.transactionNumber).toBe(first.body.data.transactionNumber);
    expect(await ledgerOf(certificate.number)).toMatchObject({ spent: 1000, successes: 1, certificate: { balance: 99_000 } });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'debits once when the first attempt waits behind a row lock past the stale time and the key is retried (PostgreSQL)',
    async () => {
      const certificate = await issueOne(100_000);
      const { certificate: row } = await ledgerOf(certificate.number);
      const key = newKey();
      // One connection holds the lock; another watches (a transaction sees pg_stat_activity as of its first look).
      const [locker, watcher] = [
        new pg.Client({ connectionString: await testDatabaseUrl() }),
        new pg.Client({ connectionString: await testDatabaseUrl() }),
      ];
      await Promise.all([locker.connect(), watcher.connect()]);
      const waitingForLocks = async () =>
        Number(
          (
            await watcher.query(
              "SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            )
          ).rows[0].count,
        );
      try {
        await locker.query('BEGIN');
        await locker.query('SELECT 1 FROM certificates WHERE id = $1 FOR UPDATE', [row.id]);
        const first = redeem(redeemer, spending(certificate), key);
        await until(async () => (await waitingForLocks()) >= 1);
        test.clock.advance(61_000);
        let retried = false;
        const retry = redeem(redeemer, spending(certificate), key).finally(() => (retried = true));
        // A retry that answers at once, or one that queues behind the lock to spend too.
        await until(async () => retried || (await waitingForLocks()) >= 2);
        await locker.query('COMMIT');

        const answers = await Promise.all([first, retry]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        const spent = answers.find((answer) => answer.status === 200)!;
        expect((await redeem(redeemer, spending(certificate), key)).text).toBe(spent.text);
      } finally {
        await Promise.all([locker.end(), watcher.end()]); // a test that failed inside the transaction releases the lock too
      }
      expect(await ledgerOf(certificate.number)).toMatchObject({ spent: 1000, successes: 1, certificate: { balance: 99_000 } });
    },
  );
});

async function cardProductId(): Promise<string> {
  const products = await test.call('GET', `/api/front/supplier/products?supplierId=${mainId}`, { token: redeemer });
  return products.body.data.items.find((product: { name: string }) => product.name === 'Demo Gifts card').id;
}

describe('issuing API', () => {
  it('refuses a missing or wrong API key', async () => {
    const body = { productId: await cardProductId(), denomination: 100_000, quantity: 1, orderNumber: 'KEY-1', channel: 'test' };
    expect((await test.call('POST', '/api/partner/v1/certificates', { body })).body.error.code).toBe('INVALID_API_KEY');
    expect((await issue(body, 'wrong-key')).status).toBe(401);
  });

  it('issues Luhn-numbered certificates with PINs that check, once per order number', async () => {
    const body = { productId: await cardProductId(), denomination: 300_000, quantity: 3, orderNumber: 'ORDER-42', channel: 'marketplace' };
    const first = await issue(body);
    expect(first.status).toBe(200);
    const issued = first.body.data.certificates as { number: string; pin: string }[];
    expect(issued).toHaveLength(3);
    for (const { number, pin } of issued) {
      expect(isLuhnValid(number)).toBe(true);
      expect((await check(redeemer, { supplierId: mainId, number, pin })).body.data).toMatchObject({
        status: 'active',
        balance: 300_000,
        orderNumber: 'ORDER-42',
      });
    }
    const again = await issue(body);
    expect(again.body).toEqual(first.body);
    const rows = await test.database.db.select().from(certificates).where(eq(certificates.orderNumber, 'ORDER-42'));
    expect(rows).toHaveLength(3);
    const changed = await issue({ ...body, quantity: 4 });
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 10 concurrent duplicates of one order alike and issues it once', async () => {
    const body = {
      productId: await cardProductId(),
      denomination: 100_000,
      quantity: 2,
      orderNumber: 'RACE-ORDER',
      channel: 'marketplace',
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => issue(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await test.database.db.select().from(certificates).where(eq(certificates.orderNumber, 'RACE-ORDER'))).toHaveLength(2);
  });

  it('answers an unknown product as not found', async () => {
    const response = await issue({
      productId: '00000000-0000-4000-8000-000000000000',
      denomination: 100,
      quantity: 1,
      orderNumber: 'NOPE',
      channel: 'x',
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('ITEM_NOT_FOUND');
  });
});

describe('history and products', () => {
  it("pages the company's redemptions, newest first, with who redeemed", async () => {
    const page1 = await test.call('GET', `/api/front/redemption/history?supplierId=${mainId}&pageSize=2`, { token: accountant });
    expect(page1.status).toBe(200);
    expect(page1.body.data.items).toHaveLength(2);
    expect(page1.body.data.total).toBeGreaterThan(4);
    const [newer, older] = page1.body.data.items;
    expect(Date.parse(newer.date)).toBeGreaterThanOrEqual(Date.parse(older.date));
    expect(newer).toMatchObject({ currency: 'RUB', status: expect.stringMatching(/success|error/) });
    const page2 = await test.call('GET', `/api/front/redemption/history?supplierId=${mainId}&pageSize=2&page=2`, { token: accountant });
    expect(page2.body.data.items[0].transactionId).not.toBe(newer.transactionId);
    expect((await test.call('GET', `/api/front/redemption/history?supplierId=${branchId}`, { token: accountant })).status).toBe(404);
  });

  it("lists the company's products to members only", async () => {
    const mine = await test.call('GET', `/api/front/supplier/products?supplierId=${mainId}`, { token: redeemer });
    expect(mine.body.data.items.map((product: { name: string }) => product.name)).toEqual(['Demo Gifts card', 'Spa: three visits']);
    expect((await test.call('GET', `/api/front/supplier/products?supplierId=${branchId}`, { token: redeemer })).status).toBe(404);
  });
});

// These move the clock past the access tokens' life, so they run last.
describe('limits', () => {
  it('locks a certificate after 5 wrong PINs for 15 minutes, in the audit log', async () => {
    const issued = await issue({
      productId: await cardProductId(),
      denomination: 100_000,
      quantity: 1,
      orderNumber: 'LOCK-1',
      channel: 'test',
    });
    const { number, pin } = issued.body.data.certificates[0];
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await check(admin, { supplierId: mainId, number, pin: 'wrong' })).body.data.status).toBe('incorrectPin');
    }
    const locked = await check(admin, { supplierId: mainId, number, pin });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('CERTIFICATE_LOCKED');
    expect(locked.body.error.retryAfterSeconds).toBeGreaterThan(800);
    const lockedRedeem = await redeem(admin, { supplierId: mainId, number, pin, amount: 100 });
    expect(lockedRedeem.body.error.code).toBe('CERTIFICATE_LOCKED');

    const [certificate] = await test.database.db.select().from(certificates).where(eq(certificates.number, number));
    const entries = await test.database.db.select().from(auditLog).where(eq(auditLog.certificateId, certificate!.id));
    expect(entries.map((entry) => entry.action)).toContain('certificate.locked');

    test.clock.advance(15 * 60_000 + 1000);
    const later = (await test.login('admin@demo.test')).accessToken; // the old access token has expired too
    expect((await check(later, { supplierId: mainId, number, pin })).body.data.status).toBe('active');
  });

  it('pauses a user after 30 failed lookups in 10 minutes, but never slows successful checks', async () => {
    let user = (await test.login('accountant@demo.test')).accessToken;
    for (let attempt = 0; attempt < 40; attempt++) {
      expect((await check(user, { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin })).status).toBe(200);
    }
    test.clock.advance(11 * 60_000); // a fresh window for this user
    user = (await test.login('accountant@demo.test')).accessToken;
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await check(user, { supplierId: mainId, number: `9${String(attempt).padStart(15, '0')}`, pin: '1' })).status).toBe(404);
    }
    const paused = await check(user, { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin });
    expect(paused.status).toBe(429);
    expect(paused.body.error.code).toBe('TOO_MANY_LOOKUPS');
    test.clock.advance(10 * 60_000 + 1000);
    user = (await test.login('accountant@demo.test')).accessToken;
    expect((await check(user, { supplierId: mainId, number: ACTIVE!.number, pin: ACTIVE!.pin })).status).toBe(200);
  });
});
