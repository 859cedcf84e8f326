import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect as connectSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPids, connectionOwner, isAlive } from '../support/linux-processes';
import { runServer, type ServerProcess } from '../support/server-process';
import { createScratchDatabase } from './support/db';

/**
 * WEB_CONCURRENCY (decision 69): several API processes on one port, one
 * PostgreSQL. Which process served a request is read from the operating system
 * (who holds the server's end of the connection), not from anything the server
 * tells the public.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const WORKERS = 2;
/** One of the demo card's denominations. */
const DENOMINATION = 100_000;
const AMOUNT = 7_000;
/** Only this many redemptions of AMOUNT fit: the rest must be refused whichever process gets them. */
const FITTING = Math.floor(DENOMINATION / AMOUNT);
const ATTEMPTS = 30;

const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-cluster-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `condition`, failing with `what` after a generous bound (nothing here is a timing assertion). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; !condition(); await sleep(100)) if (Date.now() > deadline) throw new Error(what);
}

interface Answer {
  status: number;
  text: string;
  /** The worker process that held the connection. */
  servedBy: number | undefined;
}

/**
 * JSON over keep-alive connections of its own, noting which worker served each
 * answer. Requests sent at once each open a new connection, and node:cluster
 * hands new connections to the workers in turn.
 */
function connect(url: string, workers: () => number[], headers: Record<string, string> = {}) {
  const port = Number(new URL(url).port);
  const agent = new http.Agent({ keepAlive: true });
  const once = (path: string, body: unknown, extra: Record<string, string>) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          agent,
          timeout: 30_000,
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', ...headers, ...extra },
        },
        (response) => {
          // Asked while the connection is surely open: the answer has just arrived on it.
          const servedBy = connectionOwner(workers(), port, response.socket.localPort!);
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, text, servedBy }));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${path}: no answer`)));
      request.on('error', reject);
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return {
    /** A refusal for overload (503, decision 68) guarantees nothing ran: it is asked again after its Retry-After. */
    async call(path: string, body?: unknown, extra: Record<string, string> = {}): Promise<Answer> {
      for (let attempt = 0; ; attempt++) {
        const answer = await once(path, body, extra);
        if (answer.status !== 503 || attempt === 10) return answer;
        await sleep(1000);
      }
    },
    close: () => agent.destroy(),
  };
}

interface OpenRequest {
  socket: ReturnType<typeof connectSocket>;
  /** When the connection ended (performance.now()) and whether an answer came on it first. */
  ended: Promise<{ at: number; answered: boolean }>;
  settled: boolean;
}

/** A connection that sends `head` and then nothing more (a request whose body is still on its way stays in progress). */
function openRequest(port: number, head: string): OpenRequest {
  const socket = connectSocket(port, '127.0.0.1', () => socket.write(head));
  let answered = false;
  const request: OpenRequest = {
    socket,
    settled: false,
    ended: new Promise((resolve) => {
      socket.on('data', () => (answered = true));
      socket.on('error', () => {});
      socket.on('close', () => {
        request.settled = true;
        resolve({ at: performance.now(), answered });
      });
    }),
  };
  return request;
}

const data = (answer: Answer) => {
  expect(answer.status, answer.text).toBe(200);
  return JSON.parse(answer.text).data;
};

describe('WEB_CONCURRENCY', () => {
  it('refuses more than one process on the embedded database, which lives in one', async () => {
    const server = runServer({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
  });
});

describe.skipIf(!adminUrl)('two API processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: ServerProcess;
  let url: string;
  let primary: number;
  const workers = () => childPids(primary, 'server/main.ts');
  /** The workers the primary has seen listen, by their log lines. */
  const announced = () => [...server.output().matchAll(/"message":"worker listening","pid":(\d+)/g)].map((match) => Number(match[1]));
  let auth: Record<string, string>;
  let redeemer: ReturnType<typeof connect>;
  let supplierId: string;
  let issued: { number: string; pin: string }[];

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!);
    const partnerApiKey = randomBytes(24).toString('hex');
    server = runServer({ DATABASE_URL: scratch.url, WEB_CONCURRENCY: String(WORKERS), PARTNER_API_KEY: partnerApiKey });
    url = await server.listening(120_000);
    primary = server.child.pid!;

    const anonymous = connect(url, workers);
    const login = data(await anonymous.call('/api/front/auth/login', { email: 'redeemer@demo.test', password: 'Demo1234' }));
    auth = { authorization: `Bearer ${login.accessToken}` };
    redeemer = connect(url, workers, auth);
    supplierId = data(await redeemer.call('/api/front/user/account/get-info')).memberships.find(
      (membership: { supplierName: string }) => membership.supplierName === 'Demo Gifts',
    ).supplierId;
    const productId = data(await redeemer.call(`/api/front/supplier/products?supplierId=${supplierId}`)).items.find(
      (product: { name: string }) => product.name === 'Demo Gifts card',
    ).id;
    const partner = connect(url, workers, { 'x-api-key': partnerApiKey });
    issued = data(
      await partner.call('/api/partner/v1/certificates', {
        productId,
        denomination: DENOMINATION,
        quantity: 2,
        orderNumber: 'CLUSTER-1',
        channel: 'test',
      }),
    ).certificates;
    anonymous.close();
    partner.close();
  }, 180_000);

  afterAll(async () => {
    redeemer?.close();
    server?.child.kill('SIGKILL');
    await scratch?.drop();
  });

  /** The company's ledger for one certificate, as the history page reads it. */
  const successesOf = async (number: string) =>
    (
      data(await redeemer.call(`/api/front/redemption/history?supplierId=${supplierId}&pageSize=200`)).items as {
        certificateNumber: string;
        status: string;
        sum: number;
        transactionId: string;
      }[]
    ).filter((entry) => entry.certificateNumber === number && entry.status === 'success');

  const balanceOf = async (certificate: { number: string; pin: string }) =>
    data(await redeemer.call('/api/front/redemption/check', { supplierId, ...certificate })).balance as number;

  it('serves one port from two worker processes and says it listens once', () => {
    const pids = workers();
    expect(pids).toHaveLength(WORKERS);
    expect(pids).not.toContain(primary);
    expect(server.output().match(/"message":"listening"/g)).toHaveLength(1);
    expect(announced().sort()).toEqual([...pids].sort());
  });

  it('keeps a redemption race across the processes exact', async () => {
    const [certificate] = issued;
    const till = connect(url, workers, auth);
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, index) =>
        till.call('/api/front/redemption/redeem', { supplierId, ...certificate!, amount: AMOUNT }, { 'idempotency-key': `race-${index}` }),
      ),
    );
    till.close();
    expect(new Set(answers.map((answer) => answer.servedBy)), 'the processes that served the race').toEqual(new Set(workers()));

    const debited = answers.filter((answer) => answer.status === 200);
    expect(debited).toHaveLength(FITTING);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status, refused.text).toBe(422);
      expect(JSON.parse(refused.text).error.code).toBe('AMOUNT_EXCEEDS_BALANCE');
    }
    expect(await balanceOf(certificate!)).toBe(DENOMINATION - FITTING * AMOUNT);
    const ledger = await successesOf(certificate!.number);
    expect(ledger.reduce((total, entry) => total + entry.sum, 0)).toBe(FITTING * AMOUNT);
    expect(ledger.map((entry) => entry.transactionId).sort()).toEqual(
      debited.map((answer) => JSON.parse(answer.text).data.transactionNumber as string).sort(),
    );
  });

  it('debits once for one Idempotency-Key sent to both processes at once', async () => {
    const [, certificate] = issued;
    const tills = connect(url, workers, auth);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        tills.call('/api/front/redemption/redeem', { supplierId, ...certificate!, amount: AMOUNT }, { 'idempotency-key': 'one-key' }),
      ),
    );
    tills.close();
    expect(new Set(answers.map((answer) => answer.servedBy)), 'the processes that got the key').toEqual(new Set(workers()));
    // The first takes the money; the others replay its answer, or hear that it is still running.
    const replays = answers.filter((answer) => answer.status === 200);
    expect(replays.length).toBeGreaterThanOrEqual(1);
    expect(new Set(replays.map((answer) => answer.text)).size).toBe(1);
    for (const answer of answers) expect([200, 409], answer.text).toContain(answer.status);
    expect(await successesOf(certificate!.number)).toHaveLength(1);
    expect(await balanceOf(certificate!)).toBe(DENOMINATION - AMOUNT);
  });

  it('ends at once the connections of a worker that dies: one it was serving and one it had not yet taken', async () => {
    const port = Number(new URL(url).port);
    const owner = (request: OpenRequest) => connectionOwner(workers(), port, request.socket.localPort!);
    const slowLogin = 'POST /api/front/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{';
    // Connections go to the workers in turn: one of these two is in progress on each.
    const inProgress = [openRequest(port, slowLogin), openRequest(port, slowLogin)];
    await until(() => inProgress.every((request) => owner(request) !== undefined), 'the requests are not taken');
    const victim = owner(inProgress[0]!)!;
    expect(owner(inProgress[1]!)).not.toBe(victim);

    // A stopped worker takes nothing: a connection handed to it waits, the others are answered by the survivor.
    process.kill(victim, 'SIGSTOP');
    const probes = Array.from({ length: 4 }, () => openRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    await sleep(1500);
    const waiting = probes.filter((probe) => !probe.settled);
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    for (const probe of probes.filter((item) => item.settled)) expect((await probe.ended).answered).toBe(true);

    const killed = performance.now();
    process.kill(victim, 'SIGKILL');
    // Both end within moments, unanswered; the clients' own timeout would have been 30 s.
    for (const request of [inProgress[0]!, ...waiting]) {
      const { at, answered } = await Promise.race([request.ended, sleep(5000).then(() => ({ at: Infinity, answered: false }))]);
      expect(answered).toBe(false);
      expect(at - killed).toBeLessThan(2000);
    }
    expect(inProgress[1]!.settled).toBe(false);
    inProgress[1]!.socket.destroy();
    await until(() => announced().length === WORKERS + 1, 'the replacement does not listen');
  }, 150_000);

  it('replaces a killed worker, the port answering meanwhile', async () => {
    const [victim, survivor] = workers();
    const before = announced();
    const replacement = () => announced().find((pid) => !before.includes(pid));
    process.kill(victim!, 'SIGKILL');
    // A connection handed to the victim in the instant it died ends unanswered: the questions begin once the primary knows.
    await until(
      () => server.output().includes(`"message":"worker stopped: starting another","pid":${victim},"code":null,"signal":"SIGKILL"`),
      'the death is not noticed',
    );
    // Meanwhile the survivor takes every connection: a new one for every question, a kept one could be the victim's.
    for (const deadline = Date.now() + 60_000; !replacement(); await sleep(100)) {
      expect(Date.now() < deadline, 'the replacement does not listen').toBe(true);
      const probe = connect(url, workers);
      expect((await probe.call('/api/health')).status).toBe(200);
      probe.close();
    }
    expect(workers().sort()).toEqual([survivor, replacement()].sort());
    const probe = connect(url, workers);
    const answers = await Promise.all(Array.from({ length: 8 }, () => probe.call('/api/health')));
    probe.close();
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set([survivor, replacement()]));
  }, 150_000);

  it('stops every process gracefully on SIGTERM', async () => {
    const pids = workers();
    redeemer.close();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().match(/"message":"shutting down"/g)).toHaveLength(1);
    expect(pids.filter(isAlive)).toEqual([]);
  }, 60_000);
});
