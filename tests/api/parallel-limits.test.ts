import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, emailCodes } from '../../server/db/schema';
import { hmac } from '../../server/lib/crypto';
import type * as crypto from '../../server/lib/crypto';
import { burnPasswordCheck, verifyPassword } from '../../server/lib/passwords';
import type * as passwords from '../../server/lib/passwords';
import { DEMO_CERTIFICATES } from '../../server/seed';
import type { TestApp, TestResponse } from './support/app';
import { createAuthTestApp, freshEmail, freshIp, fromIp, signUp, STRONG_PASSWORD } from './support/auth';
import { wrongCode } from './support/codes';

// Every Argon2 verification is counted: a password is "tried" when it is verified.
vi.mock('../../server/lib/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword), burnPasswordCheck: vi.fn(original.burnPasswordCheck) };
});
const verifications = () => vi.mocked(verifyPassword).mock.calls.length + vi.mocked(burnPasswordCheck).mock.calls.length;

// Codes are compared as HMACs of `purpose:email:code`: counting those counts the comparisons.
vi.mock('../../server/lib/crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, hmac: vi.fn(original.hmac) };
});
const codeComparisons = (purpose: string, email: string) =>
  vi.mocked(hmac).mock.calls.filter(([, value]) => value.startsWith(`${purpose}:${email}:`)).length;

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());
beforeEach(() => vi.clearAllMocks());

/** Answers with the error code, or `ok:<status of the data>` for a 200. */
const outcome = (response: TestResponse): string =>
  response.status === 200 ? `ok:${String(response.body.data?.status ?? '')}` : String(response.body?.error?.code);
const tally = (responses: TestResponse[]) =>
  responses.map(outcome).reduce<Record<string, number>>((counts, key) => ({ ...counts, [key]: (counts[key] ?? 0) + 1 }), {});

/** `size` requests in parallel, the right secret at `rightAt` and wrong ones elsewhere. */
const burst = (size: number, rightAt: number, send: (right: boolean, index: number) => Promise<TestResponse>) =>
  Promise.all(Array.from({ length: size }, (_, index) => send(index === rightAt, index)));

describe('wrong PINs sent in parallel', () => {
  it('200 parallel checks of one certificate try at most 5 PINs, and the right PIN inside the burst is refused', async () => {
    const certificate = DEMO_CERTIFICATES.find((demo) => demo.pin === '222222')!;
    const { accessToken } = await test.login('redeemer@demo.test');
    const info = await test.call('GET', '/api/front/user/account/get-info', { token: accessToken });
    const supplierId = info.body.data.memberships.find((m: { supplierName: string }) => m.supplierName === 'Demo Gifts').supplierId;

    const answers = await burst(200, 30, (right, index) =>
      test.call('POST', '/api/front/redemption/check', {
        token: accessToken,
        body: { supplierId, number: certificate.number, pin: right ? certificate.pin : String(900_000 + index) },
      }),
    );

    const counts = tally(answers);
    expect(counts['ok:incorrectPin'] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect(counts['ok:active'], JSON.stringify(counts)).toBeUndefined();
    // Refused as locked, or because the user's own failures ran out first: never answered.
    expect(['CERTIFICATE_LOCKED', 'TOO_MANY_LOOKUPS']).toContain(outcome(answers[30]!));
    const locks = await test.database.db.select().from(auditLog).where(eq(auditLog.action, 'certificate.locked'));
    expect(locks).toHaveLength(1);
  });
});

describe('wrong passwords sent in parallel', () => {
  const login = (email: string, password: string) =>
    test.call('POST', '/api/front/auth/login', { body: { email, password }, headers: fromIp(freshIp()) });

  it('60 parallel sign-ins verify at most 10 passwords, and the right one inside the burst is refused', async () => {
    const email = freshEmail('burst');
    await signUp(test, email);
    vi.clearAllMocks();

    const answers = await burst(60, 30, (right, index) => login(email, right ? STRONG_PASSWORD : `Wrong${index}xY`));

    const counts = tally(answers);
    expect(verifications(), JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect(counts.INVALID_CREDENTIALS ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect(outcome(answers[30]!)).toBe('ACCOUNT_LOCKED');
    expect(outcome(await login(email, STRONG_PASSWORD))).toBe('ACCOUNT_LOCKED');
  });

  it('a success inside a burst does not erase the failures counted before it', async () => {
    const email = freshEmail('kept');
    await signUp(test, email);
    for (let failure = 0; failure < 9; failure++) expect(outcome(await login(email, 'Wrong1234'))).toBe('INVALID_CREDENTIALS');
    vi.clearAllMocks();

    const answers = await burst(8, 0, (right) => login(email, right ? STRONG_PASSWORD : 'Wrong1234'));

    // One try was left: the right password may take it, but the nine failures stay counted.
    expect(verifications()).toBeLessThanOrEqual(2);
    expect(tally(answers).INVALID_CREDENTIALS ?? 0).toBeLessThanOrEqual(1);
    expect(outcome(await login(email, STRONG_PASSWORD))).toBe('ACCOUNT_LOCKED');
  });
});

describe('reset-code guesses sent in parallel', () => {
  it('compare at most 5 codes, and the right code inside the burst is refused', async () => {
    const email = freshEmail('guess');
    await signUp(test, email);
    test.clock.advance(1000); // so that the reset mail is the newest to the address
    expect((await test.call('POST', '/api/front/auth/reset-password', { body: { email, region: 'ru' } })).status).toBe(200);
    const code = await test.codeFromMail(email);
    vi.clearAllMocks();

    const answers = await burst(50, 20, (right, index) =>
      test.call('POST', '/api/front/auth/reset-password-confirm', {
        body: { email, verifyCode: right ? code : wrongCode(String((Number(code) + index) % 1_000_000).padStart(6, '0')), region: 'ru' },
      }),
    );

    const counts = tally(answers);
    expect(codeComparisons('reset', email), JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect(counts.WRONG_CONFIRMATION_CODE ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect(outcome(answers[20]!)).toBe('TOO_MANY_ATTEMPTS');
    const [row] = await test.database.db
      .select({ attempts: emailCodes.attempts, consumedAt: emailCodes.consumedAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, 'reset')));
    expect(row).toEqual({ attempts: 5, consumedAt: null });
  });
});
