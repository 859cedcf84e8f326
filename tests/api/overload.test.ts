import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './support/app';

/**
 * Admission control (decision 068) on the real app and database: the routes are held honestly busy by a
 * transaction that locks the users table, so every signed-in call waits inside its handler.
 */

const INFO = '/api/front/user/account/get-info';

let test: TestApp;
let token: string;
beforeAll(async () => {
  test = await createTestApp();
  token = (await test.login('redeemer@demo.test')).accessToken;
});
afterAll(() => test?.close());

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The app on the test's database with these limits, and a way to call it as the signed-in redeemer. */
function limited(concurrent: number, queued: number, waitMs: number) {
  const env = { MAX_CONCURRENT_REQUESTS: String(concurrent), MAX_QUEUED_REQUESTS: String(queued), QUEUE_TIMEOUT_MS: String(waitMs) };
  const app = createApp({ ...test.deps, config: loadConfig({ NODE_ENV: 'test', ...env }) });
  return async (path: string, { body, auth = token }: { body?: string; auth?: string } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${auth}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await app.request(path, { method: body === undefined ? 'GET' : 'POST', headers, body });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}

/** Locks the users table until the returned function is called (on PGlite, one connection: the whole database). */
async function holdUsers(): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = test.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table users in access exclusive mode`);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

/** The calls' answers in the order they came. */
const answersOf = (calls: Promise<Answer>[]) => {
  const answers: Answer[] = [];
  for (const call of calls) void call.then((answer) => answers.push(answer));
  return answers;
};

const expectBusy = (answer: Answer) => {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('1');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body).toEqual({ error: { code: 'SERVER_BUSY', message: expect.any(String), retryAfterSeconds: 1 } });
};

describe('admission control', () => {
  it('runs the limit, queues the queue, and refuses the rest at once with a coded 503; the others then succeed', async () => {
    const call = limited(2, 3, 60_000);
    const release = await holdUsers();
    const calls = Array.from({ length: 8 }, () => call(INFO));
    const answers = answersOf(calls);
    // While the database is held, only the three beyond 2 running and 3 waiting have an answer.
    await vi.waitFor(() => expect(answers).toHaveLength(3), { timeout: 10_000 });
    answers.forEach(expectBusy);

    await release();
    const all = await Promise.all(calls);
    expect(all.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 503, 503, 503]);
    expect(all.filter((answer) => answer.status === 200).every((answer) => answer.body.data.email === 'redeemer@demo.test')).toBe(true);
    // Every place was given back.
    const later = await Promise.all(Array.from({ length: 5 }, () => call(INFO)));
    expect(later.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('refuses a waiting request that cannot start in time; the health check is never queued or refused', async () => {
    const call = limited(1, 1, 200);
    const release = await holdUsers();
    const pair = [call(INFO), call(INFO)];
    // One runs (held by the lock); the other waits 200 ms for the place and is refused.
    expectBusy(await Promise.race(pair));
    // The place taken and the queue full again: the health check is neither queued nor refused
    // (on PGlite it waits for the database like anyone).
    const filler = call(INFO);
    const health = call('/api/health');
    expectBusy(await filler);

    await release();
    expect((await Promise.all(pair)).map((answer) => answer.status).sort()).toEqual([200, 503]);
    expect((await health).status).toBe(200);
    expect((await call(INFO)).status).toBe(200);
  });

  it('gives the place back after answers that failed inside the handler', async () => {
    const call = limited(1, 0, 1000);
    const failures = [
      await call('/api/front/redemption/check', { body: '{"supplierId":' }),
      await call('/api/front/redemption/check', { body: '{"supplierId":"not-an-id"}' }),
      await call(INFO, { auth: 'not-a-token' }),
      await call('/api/no-such-route'),
    ];
    expect(failures.map((answer) => [answer.status, answer.body.error.code])).toEqual([
      [400, 'MALFORMED_JSON'],
      [422, 'VALIDATION_ERROR'],
      [401, 'UNAUTHORIZED'],
      [404, 'NOT_FOUND'],
    ]);
    expect((await call(INFO)).status).toBe(200);
  });
});
