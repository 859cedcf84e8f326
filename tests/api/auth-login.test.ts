import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions, users } from '../../server/db/schema';
import { DEMO_PASSWORD, type TestApp } from './support/app';
import {
  createAuthTestApp,
  expectAccess,
  expectError,
  expectTokenPair,
  freshEmail,
  freshIp,
  fromIp,
  itRefuses,
  refresh,
  register,
  setUserStatus,
  signUp,
  STRONG_PASSWORD,
} from './support/auth';

const MINUTE = 60_000;

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

const login = (email: string, password: string, ip = freshIp()) =>
  test.call('POST', '/api/front/auth/login', { body: { email, password }, headers: fromIp(ip) });

describe('POST /api/front/auth/login', () => {
  it('signs in with the right password and answers the token pair', async () => {
    const response = await login('admin@demo.test', DEMO_PASSWORD);
    expect(response.status).toBe(200);
    expectTokenPair(response.body.data, test.clock.now());
    await expectAccess(test, response.body.data.accessToken);
  });

  it('stores the refresh token only as a hash', async () => {
    const { refreshToken } = await test.login('accountant@demo.test');
    const stored = await test.database.db.select({ tokenHash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((row) => row.tokenHash)).not.toContain(refreshToken);
  });

  it('takes the e-mail in any case and with spaces around it', async () => {
    const response = await login('  Admin@DEMO.test ', DEMO_PASSWORD);
    expect(response.status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrongPassword = await login('redeemer@demo.test', 'Wrong1234');
    const unknownEmail = await login('nobody@demo.test', DEMO_PASSWORD);
    expectError(wrongPassword, 401, 'INVALID_CREDENTIALS');
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  itRefuses(() => test, 'POST', '/api/front/auth/login', [
    ['nothing', {}, { email: 'REQUIRED', password: 'REQUIRED' }],
    ['empty strings', { email: '', password: '' }, { email: 'REQUIRED', password: 'REQUIRED' }],
    ['a malformed e-mail', { email: 'admin.demo.test', password: DEMO_PASSWORD }, { email: 'EMAIL_INVALID' }],
    ['an over-long e-mail', { email: `${'a'.repeat(250)}@demo.test`, password: DEMO_PASSWORD }, { email: 'TOO_LONG' }],
    ['an over-long password', { email: 'admin@demo.test', password: 'Aa1'.repeat(50) }, { password: 'TOO_LONG' }],
    ['wrong types', { email: 42, password: ['Demo1234'] }, { email: 'WRONG_TYPE', password: 'WRONG_TYPE' }],
  ]);

  it('refuses an account whose e-mail is not confirmed, but only with the right password', async () => {
    const email = freshEmail('pending');
    expect((await register(test, email)).status).toBe(200);
    expectError(await login(email, 'Wrong1234'), 401, 'INVALID_CREDENTIALS');
    expectError(await login(email, STRONG_PASSWORD), 403, 'EMAIL_NOT_CONFIRMED');
  });
});

describe('lock-out after failed sign-ins', () => {
  it('locks the account after 10 failures in 15 minutes, from any address, until the window ends', async () => {
    const email = freshEmail('locked');
    await signUp(test, email);
    for (let failure = 1; failure <= 10; failure++) {
      expectError(await login(email, `Wrong${failure}x`), 401, 'INVALID_CREDENTIALS');
      test.clock.advance(30_000);
    }
    // The 11th attempt is refused even with the right password, and says how long to wait.
    const locked = await login(email, STRONG_PASSWORD);
    expectError(locked, 429, 'ACCOUNT_LOCKED');
    const wait = locked.body.error.retryAfterSeconds;
    expect(wait).toBe(15 * 60 - 10 * 30);
    expect(locked.headers.get('retry-after')).toBe(String(wait));

    // Other accounts are not affected.
    expect((await login('admin@demo.test', DEMO_PASSWORD)).status).toBe(200);

    test.clock.advance((wait - 1) * 1000);
    expectError(await login(email, STRONG_PASSWORD), 429, 'ACCOUNT_LOCKED');
    test.clock.advance(1000);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('keeps earlier failures after a successful sign-in, which itself counts as none', async () => {
    const email = freshEmail('kept-counter');
    await signUp(test, email);
    for (let failure = 0; failure < 9; failure++) expectError(await login(email, 'Wrong1234'), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    // The tenth failure of the window locks the account: the successes did not start the count again.
    expectError(await login(email, 'Wrong1234'), 401, 'INVALID_CREDENTIALS');
    expectError(await login(email, STRONG_PASSWORD), 429, 'ACCOUNT_LOCKED');
  });

  it('refuses a locked account without verifying the password, and does not count the refusal against the address', async () => {
    const email = freshEmail('locked-ip');
    const ip = freshIp();
    for (let failure = 0; failure < 10; failure++) expectError(await login(email, 'Wrong1234', ip), 401, 'INVALID_CREDENTIALS');
    for (let refused = 0; refused < 95; refused++) expectError(await login(email, 'Wrong1234', ip), 429, 'ACCOUNT_LOCKED');
    // 10 failures from the address so far, not 105: another account is served from it.
    expect((await login('admin@demo.test', DEMO_PASSWORD, ip)).status).toBe(200);
  });

  it('locks an unknown e-mail like a real one', async () => {
    const email = freshEmail('ghost');
    for (let failure = 0; failure < 10; failure++) expectError(await login(email, 'Wrong1234'), 401, 'INVALID_CREDENTIALS');
    expectError(await login(email, 'Wrong1234'), 429, 'ACCOUNT_LOCKED');
  });

  it('refuses an address after 100 failures in 15 minutes, for every account, until the window ends', async () => {
    const ip = freshIp();
    // Each failure against its own unknown account, so no account lock steps in.
    await Promise.all(Array.from({ length: 100 }, (_, index) => login(`spray-${index}@example.test`, 'Wrong1234', ip)));
    const limited = await login('admin@demo.test', DEMO_PASSWORD, ip);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.body.error.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);

    // Another address is served; this one again once the window has passed.
    expect((await login('admin@demo.test', DEMO_PASSWORD)).status).toBe(200);
    test.clock.advance(15 * MINUTE);
    expect((await login('admin@demo.test', DEMO_PASSWORD, ip)).status).toBe(200);
  });
});

describe('POST /api/front/auth/refresh', () => {
  it('rotates the refresh token and answers a new working pair', async () => {
    const first = await test.login('redeemer@demo.test');
    test.clock.advance(MINUTE);
    const response = await refresh(test, first.refreshToken);
    expect(response.status).toBe(200);
    const second = response.body.data;
    expectTokenPair(second, test.clock.now());
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    await expectAccess(test, second.accessToken);
    // The new refresh token rotates in its turn.
    expect((await refresh(test, second.refreshToken)).status).toBe(200);
  });

  it('revokes the whole login when a rotated token is presented again', async () => {
    const other = await test.login('redeemer@demo.test');
    const first = await test.login('redeemer@demo.test');
    const second = (await refresh(test, first.refreshToken)).body.data;
    const third = (await refresh(test, second.refreshToken)).body.data;

    expectError(await refresh(test, first.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    // Everything of that login stops working, the newest tokens too.
    expectError(await refresh(test, third.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    await expectAccess(test, third.accessToken, 401, 'UNAUTHORIZED');
    // Another login of the same user is untouched.
    await expectAccess(test, other.accessToken);
    expect((await refresh(test, other.refreshToken)).status).toBe(200);
  });

  // Lost answers and racing refreshes with one token: tests/api/auth-refresh-grace.test.ts (decision 48).

  it('refuses an unknown token', async () => {
    expectError(await refresh(test, 'not-a-token-we-issued-0123456789'), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('refuses a token whose login has expired (30 days)', async () => {
    const pair = await test.login('accountant@demo.test');
    test.clock.advance(30 * 24 * 60 * MINUTE);
    expectError(await refresh(test, pair.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('keeps the login alive past the access token lifetime', async () => {
    const pair = await test.login('accountant@demo.test');
    test.clock.advance(15 * MINUTE - 1000);
    await expectAccess(test, pair.accessToken);
    test.clock.advance(1000);
    await expectAccess(test, pair.accessToken, 401, 'UNAUTHORIZED');
    const renewed = await refresh(test, pair.refreshToken);
    expect(renewed.status).toBe(200);
    await expectAccess(test, renewed.body.data.accessToken);
  });

  itRefuses(() => test, 'POST', '/api/front/auth/refresh', [
    ['nothing', {}, { refreshToken: 'REQUIRED' }],
    ['an empty token', { refreshToken: '' }, { refreshToken: 'REQUIRED' }],
    ['a number', { refreshToken: 12345 }, { refreshToken: 'WRONG_TYPE' }],
    ['an over-long token', { refreshToken: 'x'.repeat(513) }, { refreshToken: 'TOO_LONG' }],
  ]);
});

describe('access tokens', () => {
  it.each([
    ['no header', undefined],
    ['a token that is not a JWT', { authorization: 'Bearer nonsense' }],
    ['another scheme', { authorization: 'Basic YWRtaW46RGVtbzEyMzQ=' }],
  ])('are required: %s gets 401', async (_name, headers) => {
    expectError(await test.call('GET', '/api/front/user/account/get-info', { headers }), 401, 'UNAUTHORIZED');
  });

  it('are refused when altered', async () => {
    const { accessToken } = await test.login('accountant@demo.test');
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
    await expectAccess(test, `${header}.${forged}.${signature}`, 401, 'UNAUTHORIZED');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    await expectAccess(test, `${header}.${payload}.${flipped}`, 401, 'UNAUTHORIZED');
  });
});

describe('POST /api/front/auth/logout', () => {
  it('ends this login only', async () => {
    const other = await test.login('accountant@demo.test');
    const pair = await test.login('accountant@demo.test');
    const response = await test.call('POST', '/api/front/auth/logout', { token: pair.accessToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { loggedOut: true } });

    await expectAccess(test, pair.accessToken, 401, 'UNAUTHORIZED');
    expectError(await refresh(test, pair.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    expectError(await test.call('POST', '/api/front/auth/logout', { token: pair.accessToken }), 401, 'UNAUTHORIZED');
    await expectAccess(test, other.accessToken);
  });

  it('needs a session', async () => {
    expectError(await test.call('POST', '/api/front/auth/logout'), 401, 'UNAUTHORIZED');
  });
});

describe('a blocked user', () => {
  it('can neither sign in, nor refresh, nor call, until unblocked', async () => {
    const email = freshEmail('blocked');
    const pair = await signUp(test, email);
    await setUserStatus(test, email, 'blocked');

    expectError(await login(email, STRONG_PASSWORD), 403, 'USER_BLOCKED');
    // A wrong password still says only that the credentials are wrong.
    expectError(await login(email, 'Wrong1234'), 401, 'INVALID_CREDENTIALS');
    expectError(await refresh(test, pair.refreshToken), 403, 'USER_BLOCKED');
    await expectAccess(test, pair.accessToken, 403, 'USER_BLOCKED');
    expectError(await test.call('GET', '/api/front/supplier/supplier/index', { token: pair.accessToken }), 403, 'USER_BLOCKED');
    expectError(await test.call('POST', '/api/front/auth/logout', { token: pair.accessToken }), 403, 'USER_BLOCKED');

    await setUserStatus(test, email, 'active');
    await expectAccess(test, pair.accessToken);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('does not rotate the refresh token it refuses', async () => {
    const email = freshEmail('blocked-refresh');
    const pair = await signUp(test, email);
    await setUserStatus(test, email, 'blocked');
    expectError(await refresh(test, pair.refreshToken), 403, 'USER_BLOCKED');
    // The refused refresh did not rotate the token: no new token was issued for the login.
    const [user] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const tokens = await test.database.db
      .select({ usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(sessions.userId, user!.id));
    expect(tokens).toEqual([{ usedAt: null }]);
  });
});
