/**
 * npm run bench:redemption — check and redeem throughput at 64 connections on
 * PGlite and on PostgreSQL, set against what the same run measures as the
 * ceilings (the framework's `/api/health`, pgbench's TPC-B on the same
 * PostgreSQL), and the scanner's decoder time per 1280×720 frame. The server
 * runs in its own process; the load comes from this one, over loopback.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../tests/api/support/db';
import { barcodeFrame, decodeFrame } from '../tests/support/barcode-frame';
import { runServer } from '../tests/support/server-process';
import { BENCH_PARTNER_KEY, DENOMINATION, issueCertificates } from './support/certificates';
import { load, printTable, type LoadResult } from './support/load';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CERTIFICATES = 5000;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** pgbench's transactions per second at the benchmark's connections, or null where pgbench is not installed. */
function pgbenchTps(url: string, builtin: 'tpcb-like' | 'select-only'): number | null {
  try {
    const output = execFileSync('pgbench', ['-b', builtin, '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-n', url], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return Number(output.match(/tps = ([\d.]+)/)?.[1]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** TPC-B and select-only on a scratch database of the same server, scale 10 as in the issue's figures. */
async function benchPgbench(adminUrl: string) {
  const scratch = await createScratchDatabase(adminUrl);
  try {
    try {
      execFileSync('pgbench', ['-i', '-s', '10', '-q', scratch.url], { stdio: 'ignore' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return { tpcb: pgbenchTps(scratch.url, 'tpcb-like')!, selectOnly: pgbenchTps(scratch.url, 'select-only')! };
  } finally {
    await scratch.drop();
  }
}

const ratio = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`;

/**
 * `/api/health` asked once every 20 ms, one at a time, while `during` loads the database: its slowest answer is how long
 * the event loop waited behind the database (issue 31: ≤ 100 ms on PGlite).
 */
async function healthBeside<T>(url: string, during: Promise<T>): Promise<{ result: T; healthMax: number }> {
  let done = false;
  let healthMax = 0;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      await fetch(`${url}/api/health`).then((response) => response.arrayBuffer());
      healthMax = Math.max(healthMax, performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await during.finally(() => (done = true));
  await probe;
  return { result, healthMax: Math.round(healthMax) };
}

async function benchDatabase(label: string, env: Record<string, string>): Promise<LoadResult[]> {
  const server = runServer({ ...env, PARTNER_API_KEY: BENCH_PARTNER_KEY, ACCESS_TOKEN_TTL_SECONDS: '3600', OUTBOX_POLL_MS: '60000' });
  try {
    const url = await server.listening(120_000);
    const { accessToken, issued, hot, post, body } = await issueCertificates(url, CERTIFICATES);

    let sequence = 0;
    const auth = { authorization: `Bearer ${accessToken}` };
    // Idle sockets of the set-up calls may be closed by the server's keep-alive timeout: one throw-away request first.
    await fetch(`${url}/api/health`);
    const beside: { label: string; healthMax: number }[] = [];
    /** A database phase with the health probe beside it. */
    const loaded = async (...args: Parameters<typeof load>) => {
      const { result, healthMax } = await healthBeside(url, load(...args));
      beside.push({ label: result.label, healthMax });
      return result;
    };
    const rows = [
      await load('/api/health (the ceiling)', `${url}/api/health`, { connections: CONNECTIONS, seconds: SECONDS, method: 'GET' }),
      await loaded('check', `${url}/api/front/redemption/check`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        next: () => ({ body: body(issued[sequence++ % issued.length]!), headers: auth }),
      }),
      await loaded('redeem, distinct certificates', `${url}/api/front/redemption/redeem`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        next: () => ({ body: body(issued[sequence % issued.length]!, 1), headers: { ...auth, 'idempotency-key': `d-${sequence++}` } }),
      }),
      await loaded('redeem, one hot certificate', `${url}/api/front/redemption/redeem`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        next: () => ({ body: body(hot, 1), headers: { ...auth, 'idempotency-key': `h-${sequence++}` } }),
      }),
    ];
    printTable(`${label}: ${CONNECTIONS} connections, ${SECONDS} s each`, rows);
    console.log(
      `/api/health beside the load (one every 20 ms), max ms: ${beside.map((phase) => `${phase.label} ${phase.healthMax}`).join(', ')} (target ≤ 100 ms on PGlite)`,
    );
    const after = await post('/api/front/redemption/check', JSON.parse(body(hot)), accessToken);
    // `requests` are the answers received (503s among the non-2xx); requests left without one are not in it.
    const successes = rows[3]!.requests - rows[3]!.non2xx;
    // Requests still in flight when the load generator stops complete on the server but are not counted above.
    console.log(
      `hot certificate: ${DENOMINATION - after.balance} minor units spent, ${successes} successful answers counted by the load generator (+ up to ${CONNECTIONS} in flight at the stop)`,
    );
    return rows;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

function printRatios(rows: LoadResult[], pgbench?: { tpcb: number; selectOnly: number } | null) {
  const [health, check, distinct, hot] = rows as [LoadResult, LoadResult, LoadResult, LoadResult];
  console.log(
    `check ÷ /api/health: ${ratio(check.perSecond, health.perSecond)} (target ≥ 50 %); check p99 ${check.p99} ms (target ≤ 50 ms)`,
  );
  console.log(`one hot certificate ÷ distinct certificates: ${ratio(hot.perSecond, distinct.perSecond)} (target ≥ 40 %)`);
  if (pgbench === undefined) return;
  if (pgbench === null) return console.log('pgbench is not installed: no TPC-B ceiling');
  console.log(
    `pgbench on the same server: TPC-B ${Math.round(pgbench.tpcb)} tps, select-only ${Math.round(pgbench.selectOnly)} tps; ` +
      `redeem ÷ TPC-B: ${ratio(distinct.perSecond, pgbench.tpcb)} (target ≥ 50 %), check ÷ select-only: ${ratio(check.perSecond, pgbench.selectOnly)}`,
  );
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function benchDecoder() {
  const rows = [];
  for (const format of ['QRCode', 'Code128', 'ITF', 'Code39'] as const) {
    const frame = await barcodeFrame('7000000000000013', format);
    await decodeFrame(frame, [format]); // warm-up
    const times: number[] = [];
    for (let run = 0; run < 15; run++) {
      const start = performance.now();
      const found = await decodeFrame(frame, [format]);
      times.push(performance.now() - start);
      if (found[0]?.text !== '7000000000000013') throw new Error(`${format} not decoded`);
    }
    times.sort((a, b) => a - b);
    rows.push({ format, 'ms/frame p50': times[7]!.toFixed(1), 'ms/frame max': times.at(-1)!.toFixed(1) });
  }
  console.log('\nzxing-wasm decoder, 1280×720 frame, one format per pass');
  console.table(rows);
}

const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-bench-'));
try {
  const embedded = await benchDatabase('PGlite', { DATA_DIR: dataDir });
  printRatios(embedded);
  if (await postgresReachable(PG_URL)) {
    const scratch = await createScratchDatabase(PG_URL);
    try {
      const rows = await benchDatabase('PostgreSQL', {
        DATABASE_URL: scratch.url,
        ...(process.env.WEB_CONCURRENCY && { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY }),
      });
      printRatios(rows, await benchPgbench(PG_URL));
    } finally {
      await scratch.drop();
    }
  } else {
    console.log(`\nPostgreSQL at ${PG_URL.replace(/\/\/[^@]*@/, '//')} is not reachable: skipped`);
  }
  await benchDecoder();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
