import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealServer, type RealServer } from './support/real-server';

/**
 * Bodies as Node's own request delivers them to a listening server (decision 102): the bytes are read straight from
 * the IncomingMessage and, for JSON, decoded once for the route. In-process requests (app.request) build a Web Request
 * instead, so this reading path is only seen here: declared and chunked lengths, limits, bad JSON, a wrong type, a
 * character cut between two chunks, and a client that goes away halfway.
 */

/** One place in the gate: a request that went away without giving its place back would leave the server refusing. */
const LIMITS = { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '4', QUEUE_TIMEOUT_MS: '2000', BODY_LIMIT_BYTES: '2048' };
const CHECK = '/api/front/redemption/check';
/** The first demo certificate (README): active, 5 000.00. */
const CERTIFICATE = { number: '7000000000000013', pin: '111111' };

let server: RealServer;
let redeemer: string;
let supplierId: string;

beforeAll(async () => {
  server = await startRealServer(LIMITS);
  redeemer = await server.signIn('redeemer@demo.test');
  const info = await server.call('/api/front/user/account/get-info', { token: redeemer });
  supplierId = info.body.data.memberships[0].supplierId;
}, 180_000);
afterAll(() => server?.stop());

interface Sent {
  path: string;
  headers?: Record<string, string>;
  /** The body's pieces: one chunk each when `chunked`, else written one after another under a declared length. */
  pieces: Buffer[];
  chunked?: boolean;
  /** The client goes away after the first piece. */
  abort?: boolean;
}

/** A request over a raw socket, so its framing is exactly the test's; the answer is read to the connection's end. */
function send({ path, headers = {}, pieces, chunked = false, abort = false }: Sent) {
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const head = [`POST ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close', `Authorization: Bearer ${redeemer}`];
  head.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`);
  head.push(...Object.entries({ 'content-type': 'application/json', ...headers }).map(([name, value]) => `${name}: ${value}`));
  const frame = (piece: Buffer) =>
    chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
  return new Promise<{ status: number | undefined; body: unknown }>((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('connect', async () => {
      // A body in one piece goes out with its head in one write: a server that answers before reading it (415) and
      // closes then finds nothing unread, and no reset can overtake its answer.
      if (pieces.length === 1 && !abort)
        return socket.write(
          Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), frame(pieces[0]!), Buffer.from(chunked ? '0\r\n\r\n' : '')]),
        );
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      for (const [index, piece] of pieces.entries()) {
        socket.write(frame(piece));
        if (abort) return socket.destroy();
        // Each piece arrives on its own, as a slow network delivers it.
        if (index < pieces.length - 1) await new Promise((wait) => setTimeout(wait, 50));
      }
      if (chunked) socket.write('0\r\n\r\n');
    });
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const status = received.match(/^HTTP\/1\.1 (\d{3})/)?.[1];
      const text = received.slice(received.indexOf('\r\n\r\n') + 4);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text for the failure message.
      }
      resolve({ status: status ? Number(status) : undefined, body });
    });
  });
}

const checkBody = () => Buffer.from(JSON.stringify({ supplierId, ...CERTIFICATE }));
const halves = (bytes: Buffer, at = Math.floor(bytes.length / 2)) => [bytes.subarray(0, at), bytes.subarray(at)];
const errorCode = (answer: { body: unknown }) => (answer.body as { error?: { code?: string } }).error?.code;

describe('bodies read from Node’s request', () => {
  it('answers a check whose body has a declared length or comes chunked, in one piece or several', async () => {
    for (const chunked of [false, true])
      for (const pieces of [[checkBody()], halves(checkBody())]) {
        const answer = await send({ path: CHECK, pieces, chunked });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect((answer.body as { data: { number: string } }).data.number).toBe(CERTIFICATE.number);
      }
  });

  it('decodes a character whose bytes arrive in two chunks', async () => {
    const info = (await server.call('/api/front/user/account/get-info', { token: redeemer })).body.data;
    const bytes = Buffer.from(JSON.stringify({ firstName: 'Вера', secondName: info.secondName, phone: info.phone }));
    // 'В' is two bytes in UTF-8: the cut falls between them.
    const cut = bytes.indexOf(Buffer.from('В')) + 1;
    for (const chunked of [false, true]) {
      const answer = await send({ path: '/api/front/user/account/set-info', pieces: halves(bytes, cut), chunked });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((await server.call('/api/front/user/account/get-info', { token: redeemer })).body.data.firstName).toBe('Вера');
    }
  });

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE, declared or chunked', async () => {
    const big = Buffer.from(JSON.stringify({ supplierId, ...CERTIFICATE, padding: 'x'.repeat(3000) }));
    for (const chunked of [false, true]) {
      const answer = await send({ path: CHECK, pieces: halves(big), chunked });
      expect([answer.status, errorCode(answer)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    }
  });

  it('refuses malformed JSON with 400 MALFORMED_JSON and a body that is not JSON with 415', async () => {
    for (const chunked of [false, true]) {
      const malformed = await send({ path: CHECK, pieces: halves(Buffer.from('{"supplierId": "x", ')), chunked });
      expect([malformed.status, errorCode(malformed)]).toEqual([400, 'MALFORMED_JSON']);
      const text = await send({ path: CHECK, pieces: [checkBody()], headers: { 'content-type': 'text/plain' }, chunked });
      expect([text.status, errorCode(text)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    }
  });

  it('stays serving after clients go away during or right after their bodies: no place in the gate is lost', async () => {
    // Halfway through the body (refused before the gate), or right after it (admitted, then gone before the answer).
    for (const chunked of [false, true])
      for (const pieces of [halves(checkBody()), [checkBody()]])
        for (let client = 0; client < 3; client++) await send({ path: CHECK, pieces, chunked, abort: true });
    // One place only: a request that kept it would leave this one waiting past the queue's timeout (503).
    const answer = await send({ path: CHECK, pieces: [checkBody()] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
