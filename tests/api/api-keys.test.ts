import { API_KEYS_MAX } from '@contract/api-keys';
import { and, count, eq, inArray, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, certificates, redemptions } from '../../server/db/schema';
import { logLine, type Logger } from '../../server/lib/log';
import { DEMO_CERTIFICATES } from '../../server/seed';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';

/**
 * Company API keys and the register API (issue 32, decision 093), through the real app on both databases: the
 * admins' routes, and /api/company/v1 with a key, which goes through the till's own service.
 */

const demo = (pin: string) => DEMO_CERTIFICATES.find((certificate) => certificate.pin === pin)!;
const ACTIVE = demo('111111');
const PARTLY = demo('222222');
const BRANCH = demo('777777');

let test: TestApp;
let admin: string;
let mainId: string;
let branchId: string;
/** Every line the server logged, as it would be written. */
const logged: string[] = [];
const capturing: Logger = {
  info: (message, fields) => logged.push(logLine('info', message, fields)),
  warn: (message, fields) => logged.push(logLine('warn', message, fields)),
  error: (message, fields) => logged.push(logLine('error', message, fields)),
};

let idempotency = 0;
const newIdempotencyKey = () => `register-${idempotency++}`;

const createKey = (supplierId: string, scopes: string[], name = 'Till 1') =>
  test.call('POST', '/api/front/integrations/keys/create', { token: admin, body: { supplierId, name, scopes } });
const newKey = async (supplierId: string, scopes: string[], name?: string) => {
  const created = await createKey(supplierId, scopes, name);
  expect(created.status, created.text).toBe(200);
  return created.body.data as { key: { id: string; prefix: string }; secret: string };
};
const revoke = (supplierId: string, keyId: string) =>
  test.call('POST', '/api/front/integrations/keys/revoke', { token: admin, body: { supplierId, keyId } });
const list = (supplierId: string) => test.call('GET', `/api/front/integrations/keys/list?supplierId=${supplierId}`, { token: admin });

const api = (secret: string | null, method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  test.call(method, `/api/company/v1${path}`, {
    body,
    headers: { ...(secret === null ? {} : { authorization: `Bearer ${secret}` }), ...headers },
  });
const check = (secret: string, certificate: { number: string; pin: string }, extra: object = {}) =>
  api(secret, 'POST', '/certificates/check', { number: certificate.number, pin: certificate.pin, ...extra });
const redeem = (secret: string, body: object, key: string | null = newIdempotencyKey()) =>
  api(secret, 'POST', '/certificates/redeem', body, key === null ? {} : { 'idempotency-key': key });
const history = (secret: string, number: string) => api(secret, 'GET', `/certificates/${number}/history`);
const companyRedemptions = (secret: string, query = 'period=year') => api(secret, 'GET', `/redemptions?${query}`);

const balanceOf = async (number: string) =>
  (await test.database.db.select({ balance: certificates.balance }).from(certificates).where(eq(certificates.number, number)))[0]!.balance;

let orders = 0;
/** A new certificate of the main company's card product, issued through the partner API. */
async function issueOne(denomination: number): Promise<{ number: string; pin: string }> {
  const products = await test.call('GET', `/api/front/supplier/products?supplierId=${mainId}`, { token: admin });
  const productId = products.body.data.items.find((product: { name: string }) => product.name === 'Demo Gifts card').id;
  const issued = await test.call('POST', '/api/partner/v1/certificates', {
    body: { productId, denomination, quantity: 1, orderNumber: `KEYS-${orders++}`, channel: 'test' },
    headers: { 'x-api-key': test.deps.keys.partnerApiKey },
  });
  expect(issued.status, issued.text).toBe(200);
  return issued.body.data.certificates[0];
}

beforeAll(async () => {
  // With a logger that keeps what it writes: keys must never be in it.
  test = await createAuthTestApp({}, capturing);
  admin = (await test.login('admin@demo.test')).accessToken;
  [mainId, branchId] = await companiesOf(test, admin);
});

async function companiesOf(app: TestApp, token: string): Promise<[main: string, branch: string]> {
  const info = await app.call('GET', '/api/front/user/account/get-info', { token });
  const idOf = (name: string) => info.body.data.memberships.find((m: { supplierName: string }) => m.supplierName === name).supplierId;
  return [idOf('Demo Gifts'), idOf('Demo Gifts Kazan')];
}
afterAll(() => test.close());

describe('keys', () => {
  it('shows a new key whole once; the list and the database hold only its prefix and digest', async () => {
    const { key, secret } = await newKey(mainId, ['check', 'redeem'], 'Till 3, Main St');
    expect(secret).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(secret.slice(0, 12));

    const listed = await list(mainId);
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(secret);
    const item = listed.body.data.items.find((candidate: { id: string }) => candidate.id === key.id);
    expect(item).toMatchObject({
      name: 'Till 3, Main St',
      prefix: key.prefix,
      scopes: ['check', 'redeem'],
      createdBy: { email: 'admin@demo.test' },
      lastUsedAt: null,
    });
    expect(listed.body.data.max).toBe(API_KEYS_MAX);

    const [row] = await test.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
  });

  it('refuses a key without a scope or a name, with codes per field', async () => {
    const none = await createKey(mainId, []);
    expectError(none, 422, 'VALIDATION_ERROR', { scopes: 'API_KEY_SCOPE_REQUIRED' });
    const unknown = await createKey(mainId, ['check', 'issue']);
    expectError(unknown, 422, 'VALIDATION_ERROR', { 'scopes.1': 'UNKNOWN_VALUE' });
    const unnamed = await createKey(mainId, ['check'], '  ');
    expectError(unnamed, 422, 'VALIDATION_ERROR', { name: 'REQUIRED' });
  });

  it(`holds a company to ${API_KEYS_MAX} active keys, also when they are created at once; a revoked key frees a place`, async () => {
    const before = (await list(branchId)).body.data.items.length;
    const answers = await Promise.all(Array.from({ length: API_KEYS_MAX + 5 - before }, (_, i) => createKey(branchId, ['check'], `K${i}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(API_KEYS_MAX - before);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expectError(refused, 409, 'API_KEY_LIMIT_REACHED');
    const [active] = await test.database.db
      .select({ value: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.supplierId, branchId), isNull(apiKeys.revokedAt)));
    expect(active!.value).toBe(API_KEYS_MAX);

    const { items } = (await list(branchId)).body.data as { items: { id: string }[] };
    await Promise.all(items.map((item) => revoke(branchId, item.id)));
    expect((await list(branchId)).body.data.items).toEqual([]);
    expect((await createKey(branchId, ['check'])).status).toBe(200);
  });

  it("answers another company's key, or none, as not found, and a revoked one as revoked", async () => {
    const { key } = await newKey(branchId, ['check']);
    expectError(await revoke(mainId, key.id), 404, 'API_KEY_NOT_FOUND');
    expectError(await revoke(mainId, '00000000-0000-4000-8000-000000000000'), 404, 'API_KEY_NOT_FOUND');
    const first = await revoke(branchId, key.id);
    expect(first.status).toBe(200);
    const again = await revoke(branchId, key.id);
    expect(again.body.data.revokedAt).toBe(first.body.data.revokedAt);
  });
});

describe('the register API', () => {
  it('checks, redeems, replays and shows the history, and records the key as who redeemed', async () => {
    const { key, secret } = await newKey(mainId, ['check', 'redeem', 'readReports'], 'Register 7');
    const certificate = await issueOne(100_000);

    const checked = await check(secret, certificate);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.data).toMatchObject({ status: 'active', number: certificate.number, balance: 100_000, currency: 'RUB' });

    const body = { number: certificate.number, pin: certificate.pin, amount: 25_000 };
    const idempotencyKey = newIdempotencyKey();
    const first = await redeem(secret, body, idempotencyKey);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ amount: 25_000, balance: 75_000 });

    // The same key and body: the first answer, byte for byte, and no second debit.
    const replay = await redeem(secret, body, idempotencyKey);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(await balanceOf(certificate.number)).toBe(75_000);
    // The same key with another body is refused; no key at all too.
    expectError(await redeem(secret, { ...body, amount: 1 }, idempotencyKey), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await redeem(secret, body, null), 400, 'IDEMPOTENCY_KEY_REQUIRED');
    expect(await balanceOf(certificate.number)).toBe(75_000);

    const [entry] = await test.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.transactionNumber, first.body.data.transactionNumber));
    expect(entry).toMatchObject({ userId: null, apiKeyId: key.id, amount: 25_000, status: 'success' });

    const ledger = await history(secret, certificate.number);
    expect(ledger.status, ledger.text).toBe(200);
    expect(ledger.body.data.total).toBe(1);
    expect(ledger.body.data.items[0]).toMatchObject({
      transactionId: first.body.data.transactionNumber,
      sum: 25_000,
      status: 'success',
      user: `API: Register 7 (${key.prefix})`,
      userName: 'Register 7',
    });

    const report = await companyRedemptions(secret, 'period=today');
    expect(report.status, report.text).toBe(200);
    expect(report.body.data.items.map((row: { transactionId: string }) => row.transactionId)).toContain(first.body.data.transactionNumber);

    // The till's history and the report of the company's people show the key too.
    const till = await test.call('GET', `/api/front/redemption/history?supplierId=${mainId}&today=1`, { token: admin });
    expect(
      till.body.data.items.find((row: { transactionId: string }) => row.transactionId === first.body.data.transactionNumber),
    ).toMatchObject({
      user: `API: Register 7 (${key.prefix})`,
    });
    const listed = (await list(mainId)).body.data.items.find((item: { id: string }) => item.id === key.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses what the key has no scope for: a check-only key cannot redeem nor read', async () => {
    const { secret } = await newKey(mainId, ['check']);
    const before = await balanceOf(ACTIVE.number);
    expect((await check(secret, ACTIVE)).status).toBe(200);
    expectError(await redeem(secret, { number: ACTIVE.number, pin: ACTIVE.pin, amount: 100 }), 403, 'API_KEY_SCOPE_MISSING');
    expectError(await history(secret, ACTIVE.number), 403, 'API_KEY_SCOPE_MISSING');
    expectError(await companyRedemptions(secret), 403, 'API_KEY_SCOPE_MISSING');
    expect(await balanceOf(ACTIVE.number)).toBe(before);

    const { secret: reader } = await newKey(mainId, ['readReports']);
    expectError(await check(reader, ACTIVE), 403, 'API_KEY_SCOPE_MISSING');
    expect((await companyRedemptions(reader)).status).toBe(200);
  });

  it('refuses a revoked key at its very next call, and anything that is no key', async () => {
    const { key, secret } = await newKey(mainId, ['check', 'redeem']);
    expect((await check(secret, ACTIVE)).status).toBe(200);
    expect((await revoke(mainId, key.id)).status).toBe(200);
    expectError(await check(secret, ACTIVE), 401, 'API_KEY_REVOKED');
    expectError(await redeem(secret, { number: ACTIVE.number, pin: ACTIVE.pin, amount: 100 }), 401, 'API_KEY_REVOKED');

    expectError(await check(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, ACTIVE), 401, 'INVALID_API_KEY');
    expectError(await api(null, 'POST', '/certificates/check', { number: ACTIVE.number, pin: ACTIVE.pin }), 401, 'INVALID_API_KEY');
    // A person's access token is no company key.
    expectError(await check(admin, ACTIVE), 401, 'INVALID_API_KEY');
  });

  it("reaches its own company only: every operation finds no other company's certificate, whatever the request names", async () => {
    const { secret } = await newKey(mainId, ['check', 'redeem', 'readReports']);
    const { secret: branchSecret } = await newKey(branchId, ['check', 'redeem', 'readReports']);
    const cases: [string, { number: string; pin: string }][] = [
      [secret, BRANCH],
      [branchSecret, ACTIVE],
    ];
    for (const [key, foreign] of cases) {
      const before = await balanceOf(foreign.number);
      expectError(await check(key, foreign), 404, 'CERTIFICATE_NOT_FOUND');
      // A company named in the body is not read: the key's own is.
      expectError(await check(key, foreign, { supplierId: key === secret ? branchId : mainId }), 404, 'CERTIFICATE_NOT_FOUND');
      expectError(await redeem(key, { number: foreign.number, pin: foreign.pin, amount: 100 }), 404, 'CERTIFICATE_NOT_FOUND');
      expectError(await history(key, foreign.number), 404, 'CERTIFICATE_NOT_FOUND');
      expect(await balanceOf(foreign.number)).toBe(before);
    }
    // Each company's report lists its own ledger only; the branch's certificate was redeemed by the branch's key.
    expect((await redeem(secret, { number: PARTLY.number, pin: PARTLY.pin, amount: 100 })).status).toBe(200);
    expect((await redeem(branchSecret, { number: BRANCH.number, pin: BRANCH.pin, amount: 100 })).status).toBe(200);
    for (const [key, supplierId] of [
      [secret, mainId],
      [branchSecret, branchId],
    ] as const) {
      const report = await companyRedemptions(key, 'period=year&pageSize=200');
      const rows = report.body.data.items as { certificateId: string }[];
      expect(rows.length).toBeGreaterThan(0);
      const owners = await test.database.db
        .selectDistinct({ supplierId: certificates.supplierId })
        .from(certificates)
        .where(
          inArray(
            certificates.id,
            rows.map((row) => row.certificateId),
          ),
        );
      expect(owners).toEqual([{ supplierId }]);
    }
  });

  it('100 racing redemptions through the API on one certificate keep the ledger exact', async () => {
    const { secret } = await newKey(mainId, ['redeem']);
    const { number, pin } = await issueOne(100_000);
    const answers = await Promise.all(Array.from({ length: 100 }, () => redeem(secret, { number, pin, amount: 3_000 })));
    const statuses = answers.map((answer) => answer.status);
    // 33 × 30.00 fit in 1 000.00; the 34th would take it below zero.
    expect(statuses.filter((status) => status === 200)).toHaveLength(33);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.error.code))).toEqual(new Set(['AMOUNT_EXCEEDS_BALANCE']));
    expect(await balanceOf(number)).toBe(1_000);
    const [certificate] = await test.database.db.select().from(certificates).where(eq(certificates.number, number));
    const [spent] = await test.database.db
      .select({ amount: sum(redemptions.amount), entries: count() })
      .from(redemptions)
      .where(and(eq(redemptions.certificateId, certificate!.id), eq(redemptions.status, 'success')));
    expect(Number(spent!.amount)).toBe(99_000);
    expect(spent!.entries).toBe(33);
    expect(certificate!.denomination - Number(spent!.amount)).toBe(certificate!.balance);
  }, 120_000);

  it('counts calls per key atomically: parallel calls get no more than the limit', async () => {
    const limited = await createAuthTestApp({ COMPANY_API_KEY_REQUESTS_PER_MINUTE: '5' });
    try {
      const token = (await limited.login('admin@demo.test')).accessToken;
      const [limitedMain] = await companiesOf(limited, token);
      const created = await limited.call('POST', '/api/front/integrations/keys/create', {
        token,
        body: { supplierId: limitedMain, name: 'Busy till', scopes: ['check'] },
      });
      const secret = created.body.data.secret as string;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          limited.call('POST', '/api/company/v1/certificates/check', {
            body: { number: ACTIVE.number, pin: ACTIVE.pin },
            headers: { authorization: `Bearer ${secret}` },
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expectError(refused, 429, 'RATE_LIMITED');
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });

  it('locks a certificate after five wrong PINs through the API, as at the till', async () => {
    const { secret } = await newKey(mainId, ['check']);
    const certificate = await issueOne(100_000);
    for (let i = 0; i < 5; i += 1) expect((await check(secret, { ...certificate, pin: '000000' })).body.data.status).toBe('incorrectPin');
    expectError(await check(secret, certificate), 429, 'CERTIFICATE_LOCKED');
  });
});

describe('audit and logs', () => {
  it('writes the creation, each use and the revocation of a key to the audit log', async () => {
    const { key, secret } = await newKey(mainId, ['check', 'redeem']);
    const certificate = await issueOne(100_000);
    await check(secret, certificate);
    const redeemed = await redeem(secret, { number: certificate.number, pin: certificate.pin, amount: 1_000 });
    await history(secret, certificate.number);
    await revoke(mainId, key.id);
    const entries = await test.database.db.select().from(auditLog).where(eq(auditLog.apiKeyId, key.id));
    const actions = entries.map((entry) => entry.action);
    expect(actions.filter((action) => action === 'apiKey.created')).toHaveLength(1);
    expect(actions.filter((action) => action === 'apiKey.revoked')).toHaveLength(1);
    const uses = entries.filter((entry) => entry.action === 'apiKey.used').map((entry) => entry.details);
    // A refusal is a use too; the operation is named by its pattern, no certificate number in it.
    expect(uses).toHaveLength(3);
    expect(uses).toEqual(
      expect.arrayContaining([
        { operation: 'POST /api/company/v1/certificates/check', status: 200 },
        { operation: 'POST /api/company/v1/certificates/redeem', status: 200 },
        { operation: 'GET /api/company/v1/certificates/:number/history', status: 403 },
      ]),
    );
    expect(entries.find((entry) => entry.action === 'redemption')).toMatchObject({
      userId: null,
      supplierId: mainId,
      details: { amount: 1_000, transactionNumber: redeemed.body.data.transactionNumber },
    });
    expect(entries.find((entry) => entry.action === 'apiKey.created')?.userId).toBeTruthy();
  });

  it('never writes a key to the log: a line that would carry one keeps only its prefix', async () => {
    const { secret } = await newKey(mainId, ['check']);
    await check(secret, ACTIVE);
    await api(secret, 'GET', '/no-such-operation');
    expect(logged.join('\n')).not.toContain(secret.slice(12));

    const line = logLine('error', 'unhandled error', { error: `Error: boom\n  header Authorization: Bearer ${secret}` });
    expect(line).not.toContain(secret.slice(12));
    expect(line).toContain(secret.slice(0, 12));
  });
});
