import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dribble, startRealServer, type RawAnswer, type RealServer } from './support/real-server';

/**
 * Slow bodies against a real listening server (decision 075): a body is read within a deadline before its request
 * takes a place in the admission gate, uploads included, so clients that send a byte at a time hold sockets, never
 * the places a till's check needs; one slower than the deadline gets a coded 408 and its connection closed.
 */

/** PGlite's default on both databases: ten slow bodies inside the gate would hold all four places and the queue. */
const LIMITS = { MAX_CONCURRENT_REQUESTS: '4', MAX_QUEUED_REQUESTS: '4', QUEUE_TIMEOUT_MS: '1000' };
const DEADLINE_MS = 4000;
const CHECK = '/api/front/redemption/check';
/** The first demo certificate (README): active, 5 000.00. */
const CERTIFICATE = { number: '7000000000000013', pin: '111111' };

let server: RealServer;
let redeemer: string;
let admin: string;
let supplierId: string;
let productId: string;

beforeAll(async () => {
  server = await startRealServer({ ...LIMITS, BODY_TIMEOUT_MS: String(DEADLINE_MS) });
  redeemer = await server.signIn('redeemer@demo.test');
  admin = await server.signIn('admin@demo.test');
  const info = await server.call('/api/front/user/account/get-info', { token: admin });
  supplierId = info.body.data.memberships.find(
    (membership: { supplierName: string }) => membership.supplierName === 'Demo Gifts',
  ).supplierId;
  const products = await server.call(`/api/front/supplier/products?supplierId=${supplierId}`, { token: admin });
  productId = products.body.data.items.find((product: { name: string }) => product.name === 'Demo Gifts card').id;
}, 180_000);
afterAll(() => server?.stop());

const check = () => server.call(CHECK, { token: redeemer, body: { supplierId, ...CERTIFICATE } });

// Both ask to keep the connection: the server must close it itself when it cuts them off.
const slowUpload = () =>
  dribble(server.port, {
    path: `/api/front/supplier/catalogue/images/upload?supplierId=${supplierId}&productId=${productId}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' },
    length: 1000,
    gapMs: 250,
    keepAlive: true,
  });
const slowJson = (length: number, gapMs: number, keepAlive = true) =>
  dribble(server.port, {
    path: CHECK,
    headers: { authorization: `Bearer ${redeemer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ supplierId, ...CERTIFICATE }),
    length,
    gapMs,
    keepAlive,
  });

const expectCutOff = (answer: RawAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(408);
  expect(answer.body).toEqual({ error: { code: 'REQUEST_TIMEOUT', message: 'Request timeout' } });
  // Cut off at the deadline, and the server closed the connection with the answer (the client asked to keep it).
  expect(answer.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
  expect(answer.ms).toBeLessThan(DEADLINE_MS + 3000);
  expect(answer.connection).toBe('close');
  expect(answer.reset).toBe(false);
};

describe('bodies sent a byte at a time', () => {
  it('hold no place a till needs: its checks are answered at once while ten uploads and ten JSON bodies trickle in', async () => {
    expect((await check()).status).toBe(200);
    const slow = [...Array.from({ length: 10 }, slowUpload), ...Array.from({ length: 10 }, () => slowJson(400, 250))];
    // Every slow request has sent its head and is in its body.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const checks = [];
    for (let index = 0; index < 5; index++) checks.push(await check());
    for (const answer of checks) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.balance).toBe(500_000);
      // Not queued behind the slow ones: well within the longest wait in the queue.
      expect(answer.ms).toBeLessThan(Number(LIMITS.QUEUE_TIMEOUT_MS));
    }
    (await Promise.all(slow)).forEach(expectCutOff);
  }, 60_000);

  it('answers a body that is slow but arrives within the deadline', async () => {
    const body = JSON.stringify({ supplierId, ...CERTIFICATE });
    const answer = await slowJson(body.length, Math.floor(DEADLINE_MS / 2 / body.length), false);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.balance).toBe(500_000);
  }, 30_000);

  it('stays healthy afterwards: every place was given back', async () => {
    expect((await server.call('/api/health')).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, check));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  });
});
