/**
 * npm run bench:redemption — check and redeem throughput at 64 connections on
 * PGlite and on PostgreSQL, and the scanner's decoder time per 1280×720 frame.
 * The server runs in its own process; the load comes from this one, over loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createScratchDatabase } from '../tests/api/support/db';
import { barcodeFrame, decodeFrame } from '../tests/support/barcode-frame';
import { runServer } from '../tests/support/server-process';
import { load, printTable } from './support/load';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CERTIFICATES = 5000;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_KEY = 'bench-partner-key-0123456789abcdef';

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': API_KEY };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, { ...init, headers });
  const body = (await response.json()) as { data?: any; error?: unknown }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body.error)}`);
  return body.data;
}

async function benchDatabase(label: string, env: Record<string, string>) {
  const server = runServer({ ...env, PARTNER_API_KEY: API_KEY, ACCESS_TOKEN_TTL_SECONDS: '3600', OUTBOX_POLL_MS: '60000' });
  try {
    const url = await server.listening(120_000);
    const post = (path: string, body: unknown, token?: string) => json(url + path, { method: 'POST', body: JSON.stringify(body), token });
    const { accessToken } = await post('/api/front/auth/login', { email: 'redeemer@demo.test', password: 'Demo1234' });
    const info = await json(`${url}/api/front/user/account/get-info`, { token: accessToken });
    const supplierId = info.memberships[0].supplierId as string;
    const products = await json(`${url}/api/front/supplier/products?supplierId=${supplierId}`, { token: accessToken });
    const productId = products.items.find((product: { redemptionLimit: number | null }) => product.redemptionLimit === null).id;

    const issued: { number: string; pin: string }[] = [];
    for (let order = 0; issued.length < CERTIFICATES; order++) {
      const batch = await post('/api/partner/v1/certificates', {
        productId,
        denomination: 100_000_000,
        quantity: 1000,
        orderNumber: `BENCH-${order}`,
        channel: 'bench',
      });
      issued.push(...batch.certificates);
    }
    const [hot] = (
      await post('/api/partner/v1/certificates', {
        productId,
        denomination: 100_000_000,
        quantity: 1,
        orderNumber: 'BENCH-HOT',
        channel: 'bench',
      })
    ).certificates;

    let sequence = 0;
    const auth = { authorization: `Bearer ${accessToken}` };
    const body = (certificate: { number: string; pin: string }, amount?: number) =>
      JSON.stringify({ supplierId, number: certificate.number, pin: certificate.pin, ...(amount && { amount }) });
    const rows = [
      await load('check', `${url}/api/front/redemption/check`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        next: () => ({ body: body(issued[sequence++ % issued.length]!), headers: auth }),
      }),
      await load('redeem, distinct certificates', `${url}/api/front/redemption/redeem`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        next: () => ({ body: body(issued[sequence % issued.length]!, 1), headers: { ...auth, 'idempotency-key': `d-${sequence++}` } }),
      }),
      await load('redeem, one hot certificate', `${url}/api/front/redemption/redeem`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        next: () => ({ body: body(hot, 1), headers: { ...auth, 'idempotency-key': `h-${sequence++}` } }),
      }),
    ];
    printTable(`${label}: ${CONNECTIONS} connections, ${SECONDS} s each`, rows);
    const after = await post('/api/front/redemption/check', { supplierId, number: hot.number, pin: hot.pin }, accessToken);
    const successes = rows[2]!.requests - rows[2]!.non2xx - rows[2]!.errors;
    // Requests still in flight when the load generator stops complete on the server but are not counted above.
    console.log(
      `hot certificate: ${100_000_000 - after.balance} minor units spent, ${successes} successful answers counted by the load generator (+ up to ${CONNECTIONS} in flight at the stop)`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
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
  await benchDatabase('PGlite', { DATA_DIR: dataDir });
  if (await postgresReachable(PG_URL)) {
    const scratch = await createScratchDatabase(PG_URL);
    try {
      await benchDatabase('PostgreSQL', { DATABASE_URL: scratch.url });
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
