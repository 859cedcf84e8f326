import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, mailOutbox, rateLimits } from '../../server/db/schema';
import { deleteExpired, startHousekeeping } from '../../server/housekeeping';
import { silentLogger } from '../../server/lib/log';
import { CODE_MAILS_PER_IP } from '../../server/modules/auth/service';
import { DEMO_CERTIFICATES } from '../../server/seed';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError, freshEmail, freshIp, fromIp, registration } from './support/auth';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

const rowsIn = async (table: typeof rateLimits | typeof emailCodes) =>
  (await test.database.db.select({ rows: count() }).from(table))[0]!.rows;
const resetPassword = (email: string) =>
  test.call('POST', '/api/front/auth/reset-password', { body: { email, region: 'ru' }, headers: fromIp(freshIp()) });

describe('registration per address', () => {
  it('counts an address already in use against the limit, so "in use" cannot be asked without end', async () => {
    const ip = freshIp();
    const inUse = () => test.call('POST', '/api/front/auth/register', { body: registration('admin@demo.test'), headers: fromIp(ip) });
    for (let attempt = 0; attempt < 20; attempt++) expectError(await inUse(), 409, 'EMAIL_IN_USE');
    expectError(await inUse(), 429, 'RATE_LIMITED');
  });
});

describe('reset requests for made-up addresses', () => {
  it('do the same work as for an account (a code, no mail) and are limited per address', async () => {
    const email = freshEmail('made-up');
    expect((await resetPassword(email)).status).toBe(200);
    expect(await test.database.db.select({ id: emailCodes.id }).from(emailCodes).where(eq(emailCodes.email, email))).toHaveLength(1);
    expect(await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
    expectError(await resetPassword(email), 429, 'RESEND_TOO_EARLY');
    for (let send = 2; send <= 5; send++) {
      test.clock.advance(MINUTE);
      expect((await resetPassword(email)).status).toBe(200);
    }
    test.clock.advance(MINUTE);
    expectError(await resetPassword(email), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('are limited per client whatever the addresses: 30 an hour, reset and confirmation mails together', async () => {
    const ip = freshIp();
    const from = (path: 'reset-password' | 'resend-confirm-email', email: string) =>
      test.call('POST', `/api/front/auth/${path}`, { body: { email, region: 'ru' }, headers: fromIp(ip) });
    const codesBefore = await rowsIn(emailCodes);
    for (let send = 0; send < CODE_MAILS_PER_IP.max; send++)
      expect((await from(send % 2 ? 'reset-password' : 'resend-confirm-email', freshEmail('made-up'))).status).toBe(200);
    const refused = await from('reset-password', freshEmail('made-up'));
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.body.error.retryAfterSeconds).toBeGreaterThan(3500);
    expectError(await from('resend-confirm-email', freshEmail('made-up')), 429, 'RATE_LIMITED');
    // At most one code row per reset that got through; another client is not held back.
    expect((await rowsIn(emailCodes)) - codesBefore).toBeLessThanOrEqual(CODE_MAILS_PER_IP.max);
    expect((await resetPassword(freshEmail('made-up'))).status).toBe(200);
    test.clock.advance(60 * MINUTE);
    expect((await from('reset-password', freshEmail('made-up'))).status).toBe(200);
  });
});

describe('wrong PINs', () => {
  it('lock a certificate for 15 minutes from the wrong PIN that locks it, however long the ones before it were', async () => {
    const { number, pin } = DEMO_CERTIFICATES.find((demo) => demo.pin === '111111')!;
    const check = async (pinTyped: string) => {
      const { accessToken } = await test.login('redeemer@demo.test'); // the clock moves past access tokens
      const info = await test.call('GET', '/api/front/user/account/get-info', { token: accessToken });
      const supplierId = info.body.data.memberships.find((m: { supplierName: string }) => m.supplierName === 'Demo Gifts').supplierId;
      return test.call('POST', '/api/front/redemption/check', { token: accessToken, body: { supplierId, number, pin: pinTyped } });
    };
    expect((await check('000001')).body.data.status).toBe('incorrectPin');
    test.clock.advance(14 * MINUTE);
    for (let wrong = 2; wrong <= 5; wrong++) expect((await check('000001')).body.data.status).toBe('incorrectPin');

    test.clock.advance(2 * MINUTE); // past the window the first wrong PIN opened
    const locked = await check(pin);
    expectError(locked, 429, 'CERTIFICATE_LOCKED');
    expect(locked.body.error.retryAfterSeconds).toBe(13 * 60);
    test.clock.advance(13 * MINUTE);
    expect((await check(pin)).body.data.status).toBe('active');
  });
});

describe('housekeeping', () => {
  it('deletes limit windows once they end and codes a day after they expire, and nothing before', async () => {
    await test.call('POST', '/api/front/auth/login', {
      body: { email: freshEmail('nobody'), password: 'Wrong1234' },
      headers: fromIp(freshIp()),
    });
    expect((await resetPassword(freshEmail('made-up'))).status).toBe(200);
    const limits = await rowsIn(rateLimits);
    const codes = await rowsIn(emailCodes);
    expect(limits).toBeGreaterThan(0);

    expect(await deleteExpired(test.database.db, test.clock.now())).toMatchObject({ emailCodes: 0 });
    expect(await rowsIn(emailCodes)).toBe(codes);
    test.clock.advance(HOUR); // the longest window
    await deleteExpired(test.database.db, test.clock.now());
    expect(await rowsIn(rateLimits)).toBe(0);
    expect(await rowsIn(emailCodes)).toBe(codes); // a late try still hears "expired"
    test.clock.advance(24 * HOUR);
    expect(await deleteExpired(test.database.db, test.clock.now())).toEqual({ rateLimits: 0, emailCodes: codes, webhookDeliveries: 0 });
    expect(await rowsIn(emailCodes)).toBe(0);
  });

  it('runs by itself until stopped', async () => {
    await test.call('POST', '/api/front/auth/login', {
      body: { email: freshEmail('nobody'), password: 'Wrong1234' },
      headers: fromIp(freshIp()),
    });
    expect(await rowsIn(rateLimits)).toBeGreaterThan(0);
    test.clock.advance(HOUR);
    const housekeeping = startHousekeeping({ db: test.database.db, log: silentLogger, now: test.clock.now }, 10);
    try {
      await expect.poll(() => rowsIn(rateLimits), { timeout: 5000 }).toBe(0);
    } finally {
      await housekeeping.stop();
    }
  });
});
