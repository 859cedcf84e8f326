// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get, HTTP_TIMEOUT_MS, HttpError, post, setAuthHooks } from '@/lib/http';
import { toasts } from '@/lib/toast';

/** The requests the client made, and the answer the test gives each. */
let sent: { url: string; init: RequestInit }[] = [];
let answer: (init: RequestInit) => Promise<Response>;
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

const onUnauthorized = vi.fn();
const onMembershipBlocked = vi.fn();
beforeEach(() => {
  sent = [];
  answer = () => json(200, { data: null });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answer(init);
    }),
  );
  setAuthHooks({ accessToken: () => 'access-token', beforeAuthorized: async () => {}, onUnauthorized, onMembershipBlocked });
  onUnauthorized.mockClear();
  onMembershipBlocked.mockClear();
  toasts.set([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headersOf = (index = 0) => sent[index]!.init.headers as Record<string, string>;

describe('the typed API client', () => {
  it('sends a GET with its query (unset values left out) and the bearer token, and resolves to `data`', async () => {
    answer = () => json(200, { data: { valid: true } });
    const data = await get('/api/front/auth/auth-correction', { query: { email: 'a@b.test', token: 't 1' } });
    expect(data).toEqual({ valid: true });
    expect(sent[0]!.url).toBe('/api/front/auth/auth-correction?email=a%40b.test&token=t+1');
    expect(sent[0]!.init).toMatchObject({ method: 'GET', body: undefined });
    expect(headersOf()).toEqual({ Accept: 'application/json', Authorization: 'Bearer access-token' });
  });

  it("sends a POST's body as JSON with the route's headers; a public call carries no token", async () => {
    const body = { supplierId: 's', number: '1', pin: '', amount: 100 };
    await post('/api/front/redemption/redeem', { json: body, header: { 'idempotency-key': 'key-1' }, auth: false });
    expect(sent[0]!.init).toMatchObject({ method: 'POST', body: JSON.stringify(body) });
    expect(headersOf()).toEqual({ 'idempotency-key': 'key-1', Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('sends `{}` for a POST that takes no body', async () => {
    await post('/api/front/auth/logout', { quiet: true });
    expect(sent[0]!.init.body).toBe('{}');
  });

  it('turns an error answer into an HttpError with its code, field codes and wait, and toasts it unless quiet', async () => {
    answer = () =>
      json(429, {
        error: { code: 'TOO_MANY_LOOKUPS', message: '…', fields: { pin: 'INCORRECT_PIN', odd: 'lower' }, retryAfterSeconds: 30 },
      });
    const quiet = await post('/api/front/redemption/check', { json: { supplierId: 's', number: '1', pin: '2' }, quiet: true }).catch(
      (error: unknown) => error,
    );
    expect(quiet).toBeInstanceOf(HttpError);
    expect(quiet).toMatchObject({
      kind: 'http',
      status: 429,
      code: 'TOO_MANY_LOOKUPS',
      fields: { pin: 'INCORRECT_PIN' },
      retryAfterSeconds: 30,
    });
    expect(toasts.get()).toEqual([]);
    await expect(post('/api/front/redemption/check', { json: { supplierId: 's', number: '1', pin: '2' } })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(toasts.get().map((toast) => toast.messageId)).toEqual(['error.TOO_MANY_LOOKUPS']);
  });

  it('keeps the limit a field broke with its code (decision 078)', async () => {
    answer = () =>
      json(422, {
        error: {
          code: 'VALIDATION_ERROR',
          message: '…',
          fields: { number: 'TOO_LONG', pin: 'REQUIRED' },
          limits: { number: { max: 64 }, pin: { max: 32 }, stray: { max: 1 } },
        },
      });
    const failure = await post('/api/front/redemption/check', { json: { supplierId: 's', number: '1', pin: '' }, quiet: true }).catch(
      (error: unknown) => error,
    );
    // A limit goes with a code that names one; a code that names none stays bare; a limit without a field is dropped.
    expect((failure as HttpError).fields).toEqual({ number: { code: 'TOO_LONG', limit: { max: 64 } }, pin: 'REQUIRED' });
  });

  it('ends the session on a 401 to a call made with a token', async () => {
    answer = () => json(401, { error: { code: 'UNAUTHORIZED', message: '…' } });
    await expect(get('/api/front/user/account/get-info')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('tells the app when the selected company has blocked the person, and only then', async () => {
    answer = () => json(403, { error: { code: 'FORBIDDEN', message: '…' } });
    await get('/api/front/supplier/supplier/index').catch(() => undefined);
    expect(onMembershipBlocked).not.toHaveBeenCalled();
    answer = () => json(403, { error: { code: 'MEMBERSHIP_BLOCKED', message: '…' } });
    const error = await get('/api/front/supplier/supplier/index').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 403, code: 'MEMBERSHIP_BLOCKED' });
    expect(onMembershipBlocked).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it(`gives up after ${HTTP_TIMEOUT_MS} ms (timeout), and tells a cancelled call (aborted) from a lost network`, async () => {
    vi.useFakeTimers();
    answer = (init) =>
      new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const timedOut = get('/api/front/user/account/get-info', { quiet: true }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(await timedOut).toMatchObject({ kind: 'timeout', status: 0 });

    const cancel = new AbortController();
    const cancelled = get('/api/front/user/account/get-info', { signal: cancel.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0); // the call has left
    cancel.abort();
    expect(await cancelled).toMatchObject({ kind: 'aborted' });

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(get('/api/front/user/account/get-info', { quiet: true })).rejects.toMatchObject({ kind: 'network' });
  });
});
