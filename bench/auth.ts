/**
 * `npm run bench:auth`: password hashing, login/s and refresh/s of the real
 * server over HTTP on 127.0.0.1. Every loop has a fixed request count and a
 * time cap, so the run ends by itself.
 *
 * Database: PGlite in a temporary DATA_DIR; with DATABASE_URL, a scratch
 * database created on that PostgreSQL server and dropped afterwards (the named
 * database itself is left alone, and only used if a scratch one cannot be made).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenPair } from '@contract/schemas/auth';
import { loadConfig } from '../server/config';
import type { Logger } from '../server/lib/log';
import { hashPassword } from '../server/lib/passwords';
import { DEMO_PASSWORD } from '../server/seed';
import { startServer } from '../server/start';
import { createScratchDatabase } from '../tests/api/support/db';

const HASHES = 20;
const LOGINS_PER_LEVEL = 240;
const LOGIN_LEVELS = [8, 32];
const REFRESHES_PER_CHAIN = 25;
const REFRESH_LEVELS = [8, 32];
const PHASE_CAP_MS = 60_000;
const DEMO_USERS = ['admin@demo.test', 'accountant@demo.test', 'redeemer@demo.test', 'moderator@demo.test'];

interface Row {
  name: string;
  requests: number;
  failures: number;
  wallMs: number;
  latencies: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / (values.length || 1);

/** Errors only: the server's info lines would break up the table. */
const log: Logger = {
  info() {},
  warn(message, fields) {
    console.error(`warn: ${message}`, fields ?? '');
  },
  error(message, fields) {
    console.error(`error: ${message}`, fields ?? '');
  },
};

/** A scratch database on the PostgreSQL server DATABASE_URL names, or that database itself if one cannot be made. */
async function postgresTarget(url: string): Promise<{ url: string; label: string; drop(): Promise<void> }> {
  try {
    const scratch = await createScratchDatabase(url);
    const { host, pathname } = new URL(scratch.url);
    return { ...scratch, label: `PostgreSQL (scratch database ${pathname.slice(1)} on ${host}, dropped at the end)` };
  } catch (error) {
    console.error(`could not create a scratch database (${String(error)}); using the one DATABASE_URL names`);
    return { url, label: 'PostgreSQL (DATABASE_URL as given)', drop: async () => undefined };
  }
}

async function post(base: string, path: string, body: unknown): Promise<{ status: number; json: { data?: TokenPair } }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data?: TokenPair } };
}

/** Runs `total` tasks with `concurrency` workers, stopping early at the cap. */
async function pool(total: number, concurrency: number, task: (index: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + PHASE_CAP_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total && performance.now() < deadline) {
        const index = next++;
        const t0 = performance.now();
        const ok = await task(index).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) failures += 1;
      }
    }),
  );
  return { latencies, failures, wallMs: performance.now() - started };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'certdesk-bench-'));
  const postgres = databaseUrl ? await postgresTarget(databaseUrl) : undefined;
  const databaseLabel = postgres ? postgres.label : `PGlite (temporary DATA_DIR ${dataDir})`;
  const staticDir = mkdtempSync(join(tmpdir(), 'certdesk-bench-static-')); // an empty PWA: only the API is measured

  // Only what the bench needs: no SMTP (nothing leaves this machine), loopback only, any free port.
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir }),
    SEED_DEMO: 'true',
    STATIC_DIR: staticDir,
  });

  console.log(`Certdesk auth benchmark`);
  console.log(`  database: ${databaseLabel}`);
  console.log(`  node ${process.version}, ${cpus().length} CPU (${cpus()[0]?.model.trim() ?? 'unknown'})`);

  // 1. Password hashing, in-process, before the server takes any load.
  await hashPassword('warm-up-Passw0rd');
  const hashTimes: number[] = [];
  for (let i = 0; i < HASHES; i++) {
    const t0 = performance.now();
    await hashPassword(`Bench-Passw0rd-${i}`);
    hashTimes.push(performance.now() - t0);
  }

  const cleanUp = async () => {
    await postgres?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  };
  const server = await startServer(config, log).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  const base = `http://127.0.0.1:${new URL(server.url).port}`;
  console.log(`  server: ${base}\n`);
  const rows: Row[] = [
    { name: 'password hash (Argon2id)', requests: HASHES, failures: 0, wallMs: hashTimes.reduce((a, b) => a + b, 0), latencies: hashTimes },
  ];

  let loginFailures = 0;
  const refreshTokens: string[] = [];
  try {
    // 2. Logins of the demo users. Only failures count against the per-account and
    //    per-address limits, so a run where every login succeeds never meets them.
    for (const concurrency of LOGIN_LEVELS) {
      const result = await pool(LOGINS_PER_LEVEL, concurrency, async (index) => {
        const { status, json } = await post(base, '/api/front/auth/login', {
          email: DEMO_USERS[index % DEMO_USERS.length],
          password: DEMO_PASSWORD,
        });
        if (status !== 200 || !json.data) return false;
        if (refreshTokens.length < Math.max(...REFRESH_LEVELS)) refreshTokens.push(json.data.refreshToken);
        return true;
      });
      loginFailures += result.failures;
      rows.push({ name: `login, concurrency ${concurrency}`, requests: result.latencies.length, ...result });
    }

    // 3. Refresh: each chain rotates its own token, one call after the other (a token is single-use).
    for (const concurrency of REFRESH_LEVELS) {
      const chains = refreshTokens.slice(0, concurrency);
      const latencies: number[] = [];
      let failures = 0;
      const started = performance.now();
      const deadline = started + PHASE_CAP_MS;
      await Promise.all(
        chains.map(async (first, chain) => {
          let token = first;
          for (let i = 0; i < REFRESHES_PER_CHAIN && performance.now() < deadline; i++) {
            const t0 = performance.now();
            const { status, json } = await post(base, '/api/front/auth/refresh', { refreshToken: token }).catch(() => ({
              status: 0,
              json: {} as { data?: TokenPair },
            }));
            latencies.push(performance.now() - t0);
            if (status !== 200 || !json.data) {
              failures += 1;
              break; // the chain is broken; its token is gone
            }
            token = json.data.refreshToken;
          }
          chains[chain] = token;
        }),
      );
      // The next level continues the same chains from their newest tokens.
      refreshTokens.splice(0, chains.length, ...chains);
      rows.push({
        name: `refresh, ${chains.length} chains`,
        requests: latencies.length,
        failures,
        wallMs: performance.now() - started,
        latencies,
      });
    }
  } finally {
    await server.stop();
    await cleanUp();
  }

  const header = ['measure', 'n', 'fail', 'per s', 'mean ms', 'p50 ms', 'p99 ms'];
  const lines = rows.map((row) => {
    const sorted = [...row.latencies].sort((a, b) => a - b);
    return [
      row.name,
      String(row.requests),
      String(row.failures),
      ((row.requests - row.failures) / (row.wallMs / 1000)).toFixed(1),
      mean(sorted).toFixed(1),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 99).toFixed(1),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(`\nlogin failures: ${loginFailures} (every login must succeed)`);
  console.log('"per s" is throughput over the wall time of the phase; hashes are sequential, in-process.');
  if (loginFailures > 0 || rows.some((row) => row.failures > 0)) process.exitCode = 1;
}

await main();
