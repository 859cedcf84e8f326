/**
 * npm run bench:http — what Node's time per answer goes to (issue 31, decision 102): the check and `/api/health` on
 * PostgreSQL at 64 connections, against a bare node:http handler in its own process answering the check's exact bytes
 * (status, headers, body). The check is also run as a browser sends it (Accept-Encoding), which the till does.
 * Besides the rates, it prints each process's CPU time per answer (Linux): on a shared, busy machine the rates follow
 * the neighbours, the CPU an answer costs much less. SERVER_NODE_ARGS profiles the server as in bench:redemption.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { createScratchDatabase } from '../tests/api/support/db';
import { runServer } from '../tests/support/server-process';
import { BENCH_PARTNER_KEY, issueCertificates } from './support/certificates';
import { load, printTable } from './support/load';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CERTIFICATES = 5000;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Set by Node on every answer: the bare server's Node adds its own. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive']);

/** One answer as it came over the wire: status, the headers our code set, and the body. */
function rawAnswer(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: [string, string][]; body: string }>((resolve, reject) => {
    const sent = request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          if (!NODE_HEADERS.has(response.rawHeaders[i]!.toLowerCase())) pairs.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
        resolve({ status: response.statusCode!, headers: pairs, body: text });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The bare handler's process, answering `answer`. */
async function bareServer(answer: Awaited<ReturnType<typeof rawAnswer>>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bare-server.ts'], {
    env: { PATH: process.env.PATH, BARE_ANSWER: JSON.stringify(answer) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const found = chunk.toString().match(/listening (\S+)/);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error('the bare server did not start')));
  });
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`;

/** A process's user + system CPU time in µs, from /proc (clock ticks of 10 ms); NaN where there is none. */
function cpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

/** A load run, with the CPU time the serving process `pid` spent per answer during it. */
async function measured(pid: number, run: () => ReturnType<typeof load>) {
  const before = cpuMicros(pid);
  const result = await run();
  return { ...result, cpuPerAnswer: Math.round((cpuMicros(pid) - before) / result.requests) };
}

const scratch = await createScratchDatabase(PG_URL);
const server = runServer({
  DATABASE_URL: scratch.url,
  PARTNER_API_KEY: BENCH_PARTNER_KEY,
  ACCESS_TOKEN_TTL_SECONDS: '3600',
  OUTBOX_POLL_MS: '60000',
});
try {
  const url = await server.listening(120_000);
  const { accessToken, issued, body } = await issueCertificates(url, CERTIFICATES);
  const auth = { authorization: `Bearer ${accessToken}` };
  const answer = await rawAnswer(`${url}/api/front/redemption/check`, body(issued[0]!), auth);
  if (answer.status !== 200) throw new Error(`check: ${answer.status} ${answer.body}`);
  const bare = await bareServer(answer);
  try {
    let sequence = 0;
    const check = (headers: Record<string, string>) => () => ({ body: body(issued[sequence++ % issued.length]!), headers });
    const options = { connections: CONNECTIONS, seconds: SECONDS };
    console.log(
      `load average at the start: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    // Idle sockets of the set-up calls may be closed by the server's keep-alive timeout: one throw-away request first.
    await fetch(`${url}/api/health`);
    const ours = server.child.pid!;
    const [health, checked, browser, floor] = [
      await measured(ours, () => load('/api/health', `${url}/api/health`, { ...options, method: 'GET' })),
      await measured(ours, () => load('check', `${url}/api/front/redemption/check`, { ...options, next: check(auth) })),
      await measured(ours, () =>
        load('check, Accept-Encoding: gzip, deflate, br', `${url}/api/front/redemption/check`, {
          ...options,
          next: check({ ...auth, 'accept-encoding': 'gzip, deflate, br' }),
        }),
      ),
      await measured(bare.pid, () => load('bare node:http, the check’s bytes', bare.url, { ...options, next: check(auth) })),
    ];
    printTable(`PostgreSQL: ${CONNECTIONS} connections, ${SECONDS} s each`, [health, checked, browser, floor]);
    console.log(
      `server CPU per answer (µs): health ${health.cpuPerAnswer}, check ${checked.cpuPerAnswer}, browser's check ${browser.cpuPerAnswer}, bare ${floor.cpuPerAnswer}; ` +
        `check ÷ bare ${(checked.cpuPerAnswer / floor.cpuPerAnswer).toFixed(1)}×, health ÷ bare ${(health.cpuPerAnswer / floor.cpuPerAnswer).toFixed(1)}×`,
    );
    console.log(`the check's answer: ${answer.status}, ${answer.headers.length} headers, ${Buffer.byteLength(answer.body)} bytes of body`);
    console.log(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `check ÷ health ${percent(checked.perSecond, health.perSecond)}; check ÷ bare ${percent(checked.perSecond, floor.perSecond)}; ` +
        `health ÷ bare ${percent(health.perSecond, floor.perSecond)}; browser's check ÷ check ${percent(browser.perSecond, checked.perSecond)}`,
    );
  } finally {
    bare.stop();
  }
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await scratch.drop();
}
