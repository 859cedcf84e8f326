// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_BUDGET_MS, BUSY_RETRIES, get, HttpError, post, setAuthHooks } from '@/lib/http';
import { toasts } from '@/lib/toast';

/** Decision 068: a 503 SERVER_BUSY did nothing on the server, so the client sends the same call again after Retry-After. */

let sent: { at: number; init: RequestInit }[] = [];
let answers: (() => Response)[] = [];
const busy =
  (retryAfterSeconds = 1) =>
  () =>
    new Response(JSON.stringify({ error: { code: 'SERVER_BUSY', message: '…', retryAfterSeconds } }), {
      status: 503,
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
const ok = (data: unknown) => () => new Response(JSON.stringify({ data }), { status: 200 });

beforeEach(() => {
  vi.useFakeTimers();
  // No jitter: the waits are exactly Retry-After.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      sent.push({ at: Date.now(), init });
      return Promise.resolve((answers.shift() ?? ok(null))());
    }),
  );
  setAuthHooks({ accessToken: () => 'access-token', beforeAuthorized: async () => {} });
  toasts.set([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const headersOf = (index: number) => sent[index]!.init.headers as Record<string, string>;

describe('a call the server refused as busy', () => {
  it('is sent again after Retry-After, the same call with the same Idempotency-Key, and resolves with its answer', async () => {
    answers = [busy(), busy(), ok({ balance: 5 })];
    const body = { supplierId: 's', number: '1', pin: '', amount: 100 };
    const call = post('/api/front/redemption/redeem', { json: body, header: { 'idempotency-key': 'key-1' }, quiet: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await call).toEqual({ balance: 5 });
    expect(sent.map((request) => request.init.body)).toEqual(Array(3).fill(JSON.stringify(body)));
    expect([0, 1, 2].map((index) => headersOf(index)['idempotency-key'])).toEqual(['key-1', 'key-1', 'key-1']);
    expect(toasts.get()).toEqual([]);
  });

  it(`gives up after ${BUSY_RETRIES} more tries and shows "busy, try again"`, async () => {
    answers = Array.from({ length: 10 }, () => busy());
    const call = get('/api/front/user/account/get-info').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BUSY_BUDGET_MS);
    const error = await call;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'http', status: 503, code: 'SERVER_BUSY', retryAfterSeconds: 1 });
    expect(sent).toHaveLength(1 + BUSY_RETRIES);
    expect(toasts.get().map((toast) => toast.messageId)).toEqual(['error.SERVER_BUSY']);
  });

  it(`stays within ${BUSY_BUDGET_MS} ms however many tries are left, and waits at most 3 s between two`, async () => {
    answers = Array.from({ length: 10 }, () => busy(30));
    const call = get('/api/front/user/account/get-info', { quiet: true }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await call).toMatchObject({ code: 'SERVER_BUSY' });
    // Sent at 0, 3 and 6 s; a fourth at 9 s would be past the budget.
    expect(sent.map((request) => request.at - sent[0]!.at)).toEqual([0, 3000, 6000]);
  });

  it('stops waiting when the caller cancels the call', async () => {
    answers = [busy(), ok(null)];
    const cancel = new AbortController();
    const call = get('/api/front/user/account/get-info', { signal: cancel.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    cancel.abort();
    expect(await call).toMatchObject({ kind: 'aborted' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
    expect(toasts.get()).toEqual([]);
  });

  it('is not confused with other 503s and server faults, which are not sent again here', async () => {
    for (const answer of [
      () => new Response(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: '…' } }), { status: 503 }),
      () => new Response('<html>Service Unavailable</html>', { status: 503, headers: { 'Retry-After': '1' } }),
      () => new Response(JSON.stringify({ error: { code: 'SERVER_ERROR', message: '…' } }), { status: 500 }),
    ]) {
      sent = [];
      answers = [answer, ok(null)];
      await expect(get('/api/front/user/account/get-info', { quiet: true })).rejects.toBeInstanceOf(HttpError);
      expect(sent).toHaveLength(1);
    }
  });
});
