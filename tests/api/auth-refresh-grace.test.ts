import type { TokenPair } from '@contract/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../../server/db/schema';
import { sha256 } from '../../server/lib/crypto';
import { RETIRED_UNUSED } from '../../server/modules/auth/tokens';
import type { TestApp, TestResponse } from './support/app';
import { createAuthTestApp, expectAccess, expectError, expectTokenPair, freshEmail, refresh, setUserStatus, signUp } from './support/auth';

/**
 * Decision 48: a rotated refresh token presented again within REFRESH_TOKEN_GRACE_SECONDS (30 s by
 * default), while its successor is unused, is a lost answer: a new pair in the same login, the unused
 * successor retired. Anything else rotated comes back as reuse and ends the login (decision 3).
 */

const SECOND = 1000;
const GRACE = 30 * SECOND;

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

const pairOf = (response: TestResponse): TokenPair => {
  expect(response.status, response.text).toBe(200);
  expectTokenPair(response.body.data, test.clock.now());
  return response.body.data as TokenPair;
};

/** The refresh tokens of the login `refreshToken` belongs to, as stored. */
async function tokensOfLogin(app: TestApp, refreshToken: string) {
  const db = app.database.db;
  const [owner] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, owner!.sessionId));
  const [session] = await db.select().from(sessions).where(eq(sessions.id, owner!.sessionId));
  return { rows, session: session!, live: rows.filter((row) => row.usedAt === null) };
}

/** The login is over: its newest pair no longer works, and the database says why. */
async function expectRevoked(app: TestApp, newest: TokenPair) {
  await expectAccess(app, newest.accessToken, 401, 'UNAUTHORIZED');
  expectError(await refresh(app, newest.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
  const { session } = await tokensOfLogin(app, newest.refreshToken);
  expect(session.revokedReason).toBe('refresh token reused');
}

/** The login lives, and `pair` is its one live refresh token. */
async function expectAliveWith(app: TestApp, pair: TokenPair) {
  const { live, session } = await tokensOfLogin(app, pair.refreshToken);
  expect(session.revokedAt).toBeNull();
  expect(live.map((row) => row.tokenHash)).toEqual([sha256(pair.refreshToken)]);
  await expectAccess(app, pair.accessToken);
}

describe('a refresh answer lost on the way', () => {
  it('is made good by presenting the same token again within the grace period', async () => {
    const login = await test.login('redeemer@demo.test');
    test.clock.advance(60 * SECOND);
    const lost = pairOf(await refresh(test, login.refreshToken)); // the server rotated, the client never saw this
    test.clock.advance(GRACE - SECOND); // the clock stays on whole seconds, as access-token expiries are

    const retried = pairOf(await refresh(test, login.refreshToken));
    expect(retried.refreshToken).not.toBe(lost.refreshToken);
    await expectAliveWith(test, retried);
    // The login goes on as usual from the retried pair.
    test.clock.advance(60 * SECOND);
    const next = pairOf(await refresh(test, retried.refreshToken));
    await expectAliveWith(test, next);
  });

  it('retires the lost successor: presenting it later is reuse and ends the login', async () => {
    const login = await test.login('redeemer@demo.test');
    test.clock.advance(SECOND);
    const lost = pairOf(await refresh(test, login.refreshToken));
    test.clock.advance(SECOND);
    const retried = pairOf(await refresh(test, login.refreshToken));
    const { rows } = await tokensOfLogin(test, retried.refreshToken);
    expect(rows.find((row) => row.tokenHash === sha256(lost.refreshToken))?.usedAt).toEqual(RETIRED_UNUSED);

    test.clock.advance(SECOND); // still inside the grace period of its parent: no matter
    expectError(await refresh(test, lost.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    await expectRevoked(test, retried);
  });

  it('can be lost more than once: every retry within the grace period works, only the last pair lives', async () => {
    const login = await test.login('accountant@demo.test');
    test.clock.advance(SECOND);
    const given: TokenPair[] = [];
    for (let i = 0; i < 4; i++) {
      given.push(pairOf(await refresh(test, login.refreshToken)));
      test.clock.advance(5 * SECOND);
    }
    const last = given.at(-1)!;
    await expectAliveWith(test, last);
    const { rows } = await tokensOfLogin(test, last.refreshToken);
    // The login token (rotated), three retired successors and the live one.
    expect(rows).toHaveLength(5);
    expect(rows.filter((row) => row.usedAt?.getTime() === RETIRED_UNUSED.getTime())).toHaveLength(3);
  });

  it('is not made good after the grace period: the retry is reuse and ends the login', async () => {
    const login = await test.login('redeemer@demo.test');
    test.clock.advance(SECOND);
    const lost = pairOf(await refresh(test, login.refreshToken));
    test.clock.advance(GRACE);
    expectError(await refresh(test, login.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    await expectRevoked(test, lost);
  });

  it('is not made good once the successor was used, even within the grace period', async () => {
    const login = await test.login('redeemer@demo.test');
    test.clock.advance(SECOND);
    const second = pairOf(await refresh(test, login.refreshToken));
    test.clock.advance(SECOND);
    const third = pairOf(await refresh(test, second.refreshToken));
    test.clock.advance(SECOND);
    expectError(await refresh(test, login.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    await expectRevoked(test, third);
  });

  it('is not made good for an older token than the latest rotated one', async () => {
    const login = await test.login('accountant@demo.test');
    test.clock.advance(SECOND);
    const second = pairOf(await refresh(test, login.refreshToken));
    test.clock.advance(SECOND);
    const third = pairOf(await refresh(test, second.refreshToken)); // its answer is lost
    test.clock.advance(SECOND);
    // The grandparent is reuse, though the newest token is unused and all of it took 3 s.
    expectError(await refresh(test, login.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    await expectRevoked(test, third);
  });

  it('is not made good for a login that has ended or a user who is blocked', async () => {
    const login = await test.login('accountant@demo.test');
    test.clock.advance(SECOND);
    const lost = pairOf(await refresh(test, login.refreshToken));
    await test.call('POST', '/api/front/auth/logout', { token: lost.accessToken });
    expectError(await refresh(test, login.refreshToken), 401, 'INVALID_REFRESH_TOKEN');

    const email = freshEmail('grace-blocked');
    const signedUp = await signUp(test, email);
    test.clock.advance(SECOND);
    const lostToo = pairOf(await refresh(test, signedUp.refreshToken));
    await setUserStatus(test, email, 'blocked');
    expectError(await refresh(test, signedUp.refreshToken), 403, 'USER_BLOCKED');
    // The refusal changed nothing: unblocked, the successor is still the live token.
    await setUserStatus(test, email, 'active');
    await expectAliveWith(test, lostToo);
  });
});

describe('refreshes racing with the same token', () => {
  /**
   * The guarantee: every one answers 200 (never 5xx, never reuse); afterwards the login has exactly
   * one live refresh token, the one answered by the refresh that committed last, and every other
   * token given out is retired (presenting it is reuse). So at most one chain goes on.
   */
  it.each([2, 8])('%i at once: all answer a pair, exactly one of them stays live', async (count) => {
    const login = await test.login('redeemer@demo.test');
    test.clock.advance(SECOND);
    const answers = await Promise.all(Array.from({ length: count }, () => refresh(test, login.refreshToken)));
    const pairs = answers.map(pairOf);
    expect(new Set(pairs.map((pair) => pair.refreshToken)).size).toBe(count);

    const { rows, live, session } = await tokensOfLogin(test, login.refreshToken);
    expect(session.revokedAt).toBeNull();
    expect(rows).toHaveLength(count + 1);
    expect(live).toHaveLength(1);
    const winner = pairs.find((pair) => sha256(pair.refreshToken) === live[0]!.tokenHash)!;
    expect(winner).toBeDefined();
    for (const pair of pairs.filter((other) => other !== winner)) {
      expect(rows.find((row) => row.tokenHash === sha256(pair.refreshToken))?.usedAt).toEqual(RETIRED_UNUSED);
    }
    // The live one goes on.
    test.clock.advance(SECOND);
    await expectAliveWith(test, pairOf(await refresh(test, winner.refreshToken)));
  });

  it('a losing twin presented afterwards is reuse and ends the login', async () => {
    const login = await test.login('redeemer@demo.test');
    test.clock.advance(SECOND);
    const pairs = (await Promise.all([refresh(test, login.refreshToken), refresh(test, login.refreshToken)])).map(pairOf);
    const { live } = await tokensOfLogin(test, login.refreshToken);
    const loser = pairs.find((pair) => sha256(pair.refreshToken) !== live[0]!.tokenHash)!;
    const winner = pairs.find((pair) => pair !== loser)!;
    expectError(await refresh(test, loser.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    await expectRevoked(test, winner);
  });

  it('a retry of the parent racing a use of its successor ends the login, whichever goes first', async () => {
    for (let round = 0; round < 4; round++) {
      const login = await test.login('accountant@demo.test');
      test.clock.advance(SECOND);
      const successor = pairOf(await refresh(test, login.refreshToken));
      test.clock.advance(SECOND);
      const answers = await Promise.all([refresh(test, login.refreshToken), refresh(test, successor.refreshToken)]);
      // Two holders of one chain: one of them is answered, the other is reuse, and then nothing lives.
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
      expect(answers.find((answer) => answer.status === 401)!.body.error.code).toBe('REFRESH_TOKEN_REUSED');
      const { live, session } = await tokensOfLogin(test, login.refreshToken);
      expect(session.revokedReason).toBe('refresh token reused');
      await expectRevoked(test, answers.find((answer) => answer.status === 200)!.body.data);
      expect(live.length).toBeLessThanOrEqual(1);
    }
  });
});

describe('REFRESH_TOKEN_GRACE_SECONDS=0', () => {
  it('turns the grace period off: any rotated token presented again is reuse', async () => {
    const strict = await createAuthTestApp({ REFRESH_TOKEN_GRACE_SECONDS: '0' });
    try {
      const login = await strict.login('redeemer@demo.test');
      const lost = (await refresh(strict, login.refreshToken)).body.data as TokenPair;
      expectError(await refresh(strict, login.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
      await expectRevoked(strict, lost);
    } finally {
      await strict.close();
    }
  });
});
