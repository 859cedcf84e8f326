import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../server/http/body';
import { errorHandler } from '../../server/http/errors';
import { silentLogger } from '../../server/lib/log';

/** The one body reader (decision 075) in front of a route that answers what it read, as JSON and as bytes. */
function appWith(limit: number, timeoutMs: number, text = false) {
  const app = new Hono();
  app.onError(errorHandler(silentLogger));
  app.use('*', readBody({ limit, tooLarge: 'IMAGE_TOO_LARGE', timeoutMs, text }));
  app.post('/json', async (c) => c.json({ data: await c.req.json() }));
  app.post('/bytes', async (c) => c.json({ data: (await c.req.arrayBuffer()).byteLength }));
  app.get('/get', (c) => c.json({ data: 'no body read' }));
  return app;
}

const encoder = new TextEncoder();

/** A body sent in pieces, one every `gapMs`; `pulled` counts the bytes taken from it. */
function trickle(pieces: string[], gapMs: number) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const piece = pieces.shift();
      if (piece === undefined) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      state.pulled += piece.length;
      controller.enqueue(encoder.encode(piece));
    },
  });
  return { stream, state };
}

const post = (app: Hono, path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, duplex: 'half' } as RequestInit);

describe('the body reader', () => {
  it('hands the body to the route, as JSON or as bytes, when it arrives within the deadline', async () => {
    const app = appWith(1024, 1000);
    expect(await (await post(app, '/json', trickle(['{"slow":', 'true}'], 20).stream)).json()).toEqual({ data: { slow: true } });
    expect(await (await post(app, '/bytes', 'x'.repeat(1024))).json()).toEqual({ data: 1024 });
    expect(await (await app.request('/get')).json()).toEqual({ data: 'no body read' });
  });

  it('cuts off a body that has not all arrived by the deadline: a coded 408 that closes the connection', async () => {
    const app = appWith(1024, 100);
    const started = Date.now();
    const answer = await post(app, '/json', trickle(['{', '"a"', ':', '1', '}'], 60).stream);
    expect(Date.now() - started).toBeLessThan(250);
    expect(answer.status).toBe(408);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ error: { code: 'REQUEST_TIMEOUT', message: 'Request timeout' } });
  });

  it("refuses a declared length over the route's limit before reading, and cuts a longer body off at the limit", async () => {
    const app = appWith(1024, 1000);
    const declared = trickle(['x'.repeat(600), 'x'.repeat(600)], 0);
    const refused = await post(app, '/bytes', declared.stream, { 'content-length': '1200' });
    expect([refused.status, (await refused.json()).error.code, refused.headers.get('connection')]).toEqual([
      422,
      'IMAGE_TOO_LARGE',
      'close',
    ]);
    expect(declared.state.pulled).toBeLessThanOrEqual(600);

    const endless = trickle(
      Array.from({ length: 100 }, () => 'x'.repeat(300)),
      0,
    );
    const cut = await post(app, '/bytes', endless.stream);
    expect([cut.status, (await cut.json()).error.code]).toEqual([422, 'IMAGE_TOO_LARGE']);
    expect(endless.state.pulled).toBeGreaterThan(1024);
    expect(endless.state.pulled).toBeLessThanOrEqual(1024 + 2 * 300);

    // A length that lies (possible only in-process: Node's parser holds a client to it) is measured too.
    const lying = await post(app, '/bytes', 'x'.repeat(2000), { 'content-length': '10' });
    expect((await lying.json()).error.code).toBe('IMAGE_TOO_LARGE');
  });

  it('decodes a JSON body once as a Web body would: a leading BOM dropped, bad UTF-8 replaced, malformed JSON failing alike', async () => {
    const bodies = [
      new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('{"name":"Вера"}')]),
      new Uint8Array([...encoder.encode('{"name":"a'), 0xff, 0xc3, ...encoder.encode('b"}')]),
      encoder.encode('{"name": '),
    ];
    for (const body of bodies) {
      const decodedHere = await post(appWith(1024, 1000, true), '/json', body);
      const decodedByHono = await post(appWith(1024, 1000), '/json', body);
      expect([decodedHere.status, await decodedHere.json()]).toEqual([decodedByHono.status, await decodedByHono.json()]);
    }
  });
});
