import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../../server/seed';
import { runServer, type ServerProcess } from '../../support/server-process';
import { createScratchDatabase } from './db';

export interface RealServer {
  url: string;
  port: number;
  process: ServerProcess;
  /** A JSON call over a connection of its own: its status, its parsed answer and how long it took. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as loose JSON: each test asserts its shape
  call(path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: any; ms: number }>;
  signIn(email: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * `server/main.ts` in a process of its own, listening on a port, on the test's database: a scratch PostgreSQL
 * database when TEST_DATABASE_URL names a server, else PGlite in a temporary directory; demo data seeded.
 */
export async function startRealServer(env: Record<string, string> = {}): Promise<RealServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-real-'));
  const server = runServer({ ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }), ...env });
  const stop = async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let url: string;
  try {
    url = await server.listening(120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const call: RealServer['call'] = async (path, { token, body } = {}) => {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A connection of its own each time: a kept one could be one the server is about to close.
      keepalive: false,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, ms: performance.now() - started };
  };
  return {
    url,
    port: Number(new URL(url).port),
    process: server,
    call,
    async signIn(email) {
      const answer = await call('/api/front/auth/login', { body: { email, password: DEMO_PASSWORD } });
      if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status}`);
      return answer.body.data.accessToken as string;
    },
    stop,
  };
}

export interface RawAnswer {
  /** The status line's code; undefined when the connection ended without an answer. */
  status: number | undefined;
  /** The answer's Connection header, lower-case. */
  connection: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  body: any;
  /** From the first byte sent to the end of the connection. */
  ms: number;
  /** The connection ended with an error (a reset) rather than a close. */
  reset: boolean;
}

interface Dribble {
  path: string;
  headers: Record<string, string>;
  /** JSON, padded with spaces to `length`; spaces alone without it. */
  body?: string;
  length: number;
  gapMs: number;
  /** Asks the server to keep the connection after its answer: whether it then closes it is up to it. */
  keepAlive?: boolean;
}

/**
 * Sends a request's head at once, then its body a byte every `gapMs` over a raw socket, until the server answers or
 * closes; the answer is read to the connection's end.
 */
export function dribble(port: number, { path, headers, body, length, gapMs, keepAlive = false }: Dribble): Promise<RawAnswer> {
  const bytes = Buffer.from((body ?? '').padEnd(length, ' '));
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: localhost',
    `Connection: ${keepAlive ? 'keep-alive' : 'close'}`,
    `Content-Length: ${length}`,
  ];
  head.push(...Object.entries(headers).map(([name, value]) => `${name}: ${value}`));
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let reset = false;
    const timer = setInterval(() => {
      if (sent < bytes.length && socket.writable) socket.write(bytes.subarray(sent, ++sent));
    }, gapMs);
    socket.on('connect', () => socket.write(`${head.join('\r\n')}\r\n\r\n`));
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => (reset = true));
    socket.on('close', () => {
      clearInterval(timer);
      const status = received.match(/^HTTP\/1\.1 (\d{3})/)?.[1];
      const connection = received.match(/\r\nconnection: *([^\r]*)/i)?.[1]?.toLowerCase();
      const text = received.slice(received.indexOf('\r\n\r\n') + 4);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
      resolve({ status: status ? Number(status) : undefined, connection, body: parsed, ms: performance.now() - started, reset });
    });
  });
}
