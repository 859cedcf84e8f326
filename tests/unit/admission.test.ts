import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { admission, createGate, type Gate } from '../../server/http/admission';
import { readBody } from '../../server/http/body';
import { errorHandler } from '../../server/http/errors';
import { AppError } from '../../server/lib/errors';
import { silentLogger } from '../../server/lib/log';

afterEach(() => {
  vi.useRealTimers();
});

/** What became of each `enter`, in the order they settled. */
const track = (entries: Promise<boolean>[]) => {
  const settled: string[] = [];
  entries.forEach((entry, index) => void entry.then((admitted) => settled.push(`${index}:${admitted ? 'in' : 'out'}`)));
  return settled;
};

describe('the admission gate', () => {
  it('lets in up to its limit, queues up to its queue, refuses the rest at once', async () => {
    const gate = createGate({ concurrent: 2, queued: 2, waitMs: 60_000 });
    const settled = track([gate.enter(), gate.enter(), gate.enter(), gate.enter(), gate.enter()]);
    await Promise.resolve();
    expect(settled).toEqual(['0:in', '1:in', '4:out']);
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 2, waiting: 2 });
  });

  it('hands a freed place to the longest waiter, first come first served, even over a newcomer', async () => {
    const gate = createGate({ concurrent: 1, queued: 3, waitMs: 60_000 });
    const settled = track([gate.enter(), gate.enter(), gate.enter()]);
    await Promise.resolve();
    expect(settled).toEqual(['0:in']);
    gate.leave();
    const late = gate.enter();
    await Promise.resolve();
    expect(settled).toEqual(['0:in', '1:in']);
    gate.leave();
    await Promise.resolve();
    expect(settled).toEqual(['0:in', '1:in', '2:in']);
    gate.leave();
    expect(await late).toBe(true);
    gate.leave();
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a waiter that could not start in time, and it no longer holds a place in the queue', async () => {
    vi.useFakeTimers();
    const gate = createGate({ concurrent: 1, queued: 2, waitMs: 1000 });
    await gate.enter();
    const first = gate.enter();
    await vi.advanceTimersByTimeAsync(500);
    const second = gate.enter();
    await vi.advanceTimersByTimeAsync(500);
    expect(await first).toBe(false);
    expect(gate.waiting).toBe(1);
    gate.leave();
    expect(await second).toBe(true);
    expect({ running: gate.running, waiting: gate.waiting }).toEqual({ running: 1, waiting: 0 });
  });

  it('drops a waiter whose client went away: the place goes to the next one', async () => {
    const gate = createGate({ concurrent: 1, queued: 2, waitMs: 60_000 });
    await gate.enter();
    const goneAway = new AbortController();
    const settled = track([gate.enter(() => goneAway.signal), gate.enter()]);
    goneAway.abort();
    await Promise.resolve();
    expect(settled).toEqual(['0:out']);
    expect(gate.waiting).toBe(1);
    gate.leave();
    await Promise.resolve();
    expect(settled).toEqual(['0:out', '1:in']);
    const gone = new AbortController();
    gone.abort();
    expect(await gate.enter(() => gone.signal)).toBe(false);
  });

  it('with no queue, refuses everyone beyond the limit', async () => {
    const gate = createGate({ concurrent: 1, queued: 0, waitMs: 1000 });
    expect(await gate.enter()).toBe(true);
    expect(await gate.enter()).toBe(false);
  });
});

describe('the admission middleware', () => {
  const appWith = (gate: Gate, handler: () => Promise<Response> | Response) => {
    const app = new Hono();
    app.onError(errorHandler(silentLogger));
    app.use('*', admission(gate));
    app.get('/work', handler);
    return app;
  };

  it('gives the place back whatever the handler did: answered, failed with a code, or threw', async () => {
    const gate = createGate({ concurrent: 1, queued: 0, waitMs: 1000 });
    let outcome: 'ok' | 'coded' | 'thrown' = 'ok';
    const app = appWith(gate, () => {
      if (outcome === 'coded') throw new AppError('NOT_FOUND');
      if (outcome === 'thrown') throw new Error('a bug');
      return Response.json({ data: 'done' });
    });
    for (const next of ['coded', 'thrown', 'ok'] as const) {
      outcome = next;
      const response = await app.request('/work');
      expect(response.status).toBe({ ok: 200, coded: 404, thrown: 500 }[next]);
      expect(gate.running).toBe(0);
    }
  });

  it('starts each admitted request on a later turn of the event loop, so requests that never wait cannot starve I/O', async () => {
    // Handlers that finish without the loop turning, like requests on the embedded database: run straight after
    // admission, all of them would run before the server reads a socket or fires a timer again.
    const gate = createGate({ concurrent: 1, queued: 3, waitMs: 60_000 });
    let handled = 0;
    const app = appWith(gate, () => {
      handled += 1;
      return Response.json({ data: 'done' });
    });
    let handledWithinTheTurn: number | undefined;
    const answers = [app.request('/work'), app.request('/work'), app.request('/work')];
    setImmediate(() => (handledWithinTheTurn = handled));
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(handledWithinTheTurn).toBe(0);
    expect(handled).toBe(3);
  });

  it('refuses with 503 SERVER_BUSY, Retry-After and the wait in the body, without running the handler', async () => {
    const gate = createGate({ concurrent: 1, queued: 0, waitMs: 1000 });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const handler = vi.fn(async () => {
      await released;
      return Response.json({ data: 'done' });
    });
    const app = appWith(gate, handler);
    const first = app.request('/work');
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    const refused = await app.request('/work');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      error: { code: 'SERVER_BUSY', message: 'The server is busy, try again in a few seconds', retryAfterSeconds: 1 },
    });
    expect(handler).toHaveBeenCalledTimes(1);
    release();
    expect((await first).status).toBe(200);
    expect((await app.request('/work')).status).toBe(200);
  });
});

describe('a slow sender', () => {
  it('waits for its body outside the gate: the place goes to a request that is ready', async () => {
    const gate = createGate({ concurrent: 1, queued: 0, waitMs: 1000 });
    const app = new Hono();
    app.onError(errorHandler(silentLogger));
    app.use('*', readBody({ limit: 1024, tooLarge: 'PAYLOAD_TOO_LARGE', timeoutMs: 60_000 }), admission(gate));
    app.post('/work', async (c) => c.json({ data: await c.req.json() }));

    let finish = () => {};
    const encoder = new TextEncoder();
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"slow":'));
        finish = () => {
          controller.enqueue(encoder.encode('true}'));
          controller.close();
        };
      },
    });
    const init = (body: BodyInit) => ({ method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' });
    const slow = app.request('/work', init(trickle));
    const ready = await app.request('/work', init('{"ready":true}'));
    expect(ready.status).toBe(200);
    finish();
    expect(await (await slow).json()).toEqual({ data: { slow: true } });
    expect(gate.running).toBe(0);
  });
});

describe('the admission limits', () => {
  const limits = (env: Record<string, string>) => {
    const { MAX_CONCURRENT_REQUESTS, MAX_QUEUED_REQUESTS, QUEUE_TIMEOUT_MS } = loadConfig(env);
    return [MAX_CONCURRENT_REQUESTS, MAX_QUEUED_REQUESTS, QUEUE_TIMEOUT_MS];
  };
  const postgres = { DATABASE_URL: 'postgres://u@db:5432/app' };

  it("follow the database unless set: PGlite runs one statement at a time, PostgreSQL's share grows with its pool", () => {
    expect(limits({})).toEqual([4, 64, 1000]);
    expect(limits(postgres)).toEqual([20, 256, 1000]);
    expect(limits({ ...postgres, DB_POOL_SIZE: '30' })).toEqual([60, 256, 1000]);
    expect(limits({ MAX_CONCURRENT_REQUESTS: '8', MAX_QUEUED_REQUESTS: '0', QUEUE_TIMEOUT_MS: '250' })).toEqual([8, 0, 250]);
  });

  it('give widget pages a gate of their own, a fifth of the API’s at most (decision 075)', () => {
    const embed = (env: Record<string, string>) => {
      const { EMBED_MAX_CONCURRENT_REQUESTS, EMBED_MAX_QUEUED_REQUESTS } = loadConfig(env);
      return [EMBED_MAX_CONCURRENT_REQUESTS, EMBED_MAX_QUEUED_REQUESTS];
    };
    expect(embed({})).toEqual([1, 16]);
    expect(embed(postgres)).toEqual([5, 64]);
    expect(embed({ ...postgres, DB_POOL_SIZE: '1' })).toEqual([1, 64]);
    expect(embed({ EMBED_MAX_CONCURRENT_REQUESTS: '3', EMBED_MAX_QUEUED_REQUESTS: '0' })).toEqual([3, 0]);
  });

  it.each(['MAX_CONCURRENT_REQUESTS', 'QUEUE_TIMEOUT_MS', 'EMBED_MAX_CONCURRENT_REQUESTS'])('refuse %s of 0 or a word', (name) => {
    for (const value of ['0', 'many']) expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});
