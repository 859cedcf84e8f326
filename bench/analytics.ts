/**
 * npm run bench:analytics — the reports on PostgreSQL with the volume of `npm run seed:volume` (decision 057):
 * the time of a busy month's report page with its totals and chart (p50/p95), the liability and the dashboard,
 * and the export rate of a year in rows/s with the server's memory while it streams. The server runs in its own
 * process; the requests come from this one, over loopback, one at a time. The server sends no Server-Timing,
 * so times are the client's: from the request to the last byte of the answer.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { runServer } from '../tests/support/server-process';

const VOLUME_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/certdesk_volume';
const VOLUME_COMPANY = 'Volume Gifts';
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TARGET_PAGE_P95_MS = 200;
const TARGET_EXPORT_ROWS_PER_S = 50_000;

/** The volume company's id, or why the bench cannot run. */
async function volumeCompany(): Promise<string> {
  const client = new pg.Client({ connectionString: VOLUME_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ id: string }>('SELECT id FROM suppliers WHERE name = $1', [VOLUME_COMPANY]);
    if (rows[0]) return rows[0].id;
  } catch {
    // Not reachable or not migrated: the same advice.
  } finally {
    await client.end().catch(() => undefined);
  }
  console.error(`No ${VOLUME_COMPANY} at ${VOLUME_URL.replace(/\/\/[^@]*@/, '//')}: run \`npm run seed:volume\` first.`);
  process.exit(1);
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

/** The busiest month of the data: last year's December, whatever today is. */
const lastDecember = () => {
  const year = new Date().getUTCFullYear() - 1;
  return { from: `${year}-12-01`, to: `${year}-12-31` };
};
const lastYear = () => {
  const year = new Date().getUTCFullYear() - 1;
  return { from: `${year}-01-01`, to: `${year}-12-31` };
};

/** The highest resident memory of a process since it started, and now (kB, from /proc). */
const memoryOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { peak: kB('VmHWM'), now: kB('VmRSS') };
};

const supplierId = await volumeCompany();
const server = runServer({ DATABASE_URL: VOLUME_URL, ACCESS_TOKEN_TTL_SECONDS: '3600', OUTBOX_POLL_MS: '60000' });
try {
  const url = await server.listening(120_000);
  const pid = server.child.pid!;
  const login = await fetch(`${url}/api/front/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'accountant@demo.test', password: 'Demo1234' }),
  });
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const headers = { authorization: `Bearer ${accessToken}` };
  const address = (path: string, query: Record<string, string>) =>
    `${url}/api/front/analytics${path}?${new URLSearchParams({ supplierId, ...query })}`;

  /** One call's time to the last byte; a failure stops the bench. */
  const timed = async (path: string, query: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(address(path, query), { headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 300)}`);
    return { ms: performance.now() - started, body };
  };

  /** `calls` made together (a page's parallel requests), RUNS times after three warm-ups: p50 and p95 of the whole. */
  const measure = async (label: string, calls: [string, Record<string, string>][]) => {
    const times: number[] = [];
    for (let run = -3; run < RUNS; run++) {
      const started = performance.now();
      await Promise.all(calls.map(([path, query]) => timed(path, query)));
      if (run >= 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { test: label, 'p50 ms': Math.round(percentile(times, 0.5)), 'p95 ms': Math.round(percentile(times, 0.95)), runs: RUNS };
  };

  const month = lastDecember();
  const year = lastYear();
  const sales = await timed('/sales/summary', month);
  const ledger = await timed('/redemption/summary', month);
  const monthCounts = {
    sales: (JSON.parse(sales.body) as { data: { totals: { count: number } } }).data.totals.count,
    ledger: (JSON.parse(ledger.body) as { data: { totals: { count: number } } }).data.totals.count,
  };
  const pages = [
    await measure('GET /sales (page 1)', [['/sales', month]]),
    await measure('GET /sales/summary', [['/sales/summary', month]]),
    await measure('sales page with totals (both at once)', [
      ['/sales', month],
      ['/sales/summary', month],
    ]),
    await measure('GET /redemption (page 1)', [['/redemption', month]]),
    await measure('GET /redemption/summary', [['/redemption/summary', month]]),
    await measure('redemption page with totals (both at once)', [
      ['/redemption', month],
      ['/redemption/summary', month],
    ]),
    await measure('sales page 20, sorted by balance', [['/sales', { ...month, page: '20', sort: 'balance', order: 'asc' }]]),
    await measure('sales, a year, search by order number', [['/sales', { ...year, search: 'VG-0000123' }]]),
    await measure('GET /liability', [['/liability', {}]]),
    await measure('GET /dashboard', [['/dashboard', {}]]),
  ];
  console.log(
    `\n${VOLUME_COMPANY}, ${month.from} – ${month.to}: ${monthCounts.sales} sales, ${monthCounts.ledger} ledger entries; target: a page with totals p95 ≤ ${TARGET_PAGE_P95_MS} ms`,
  );
  console.table(pages);

  const exports = [];
  for (const [report, format] of [
    ['sales', 'csv'],
    ['sales', 'xlsx'],
    ['redemption', 'csv'],
    ['redemption', 'xlsx'],
  ] as const) {
    const { body } = await timed(`/${report}/summary`, year);
    const rows = (JSON.parse(body) as { data: { totals: { count: number } } }).data.totals.count;
    const before = memoryOf(pid).now;
    let highest = before;
    const sampler = setInterval(() => (highest = Math.max(highest, memoryOf(pid).now)), 25);
    const started = performance.now();
    const response = await fetch(address(`/${report}/export`, { ...year, format }), { headers });
    if (!response.ok) throw new Error(`${report} ${format}: ${response.status} ${await response.text()}`);
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    exports.push({
      export: `${report} ${format}, ${year.from} – ${year.to}`,
      rows,
      MB: Math.round(bytes / 1e5) / 10,
      s: Math.round(seconds * 10) / 10,
      'rows/s': Math.round(rows / seconds),
      'RSS before MB': Math.round(before / 1024),
      'RSS peak MB': Math.round(highest / 1024),
    });
  }
  console.log(`\nExports (target ≥ ${TARGET_EXPORT_ROWS_PER_S} rows/s with flat memory); RSS of the server process, sampled every 25 ms`);
  console.table(exports);
  console.log(`server VmHWM (peak since its start): ${Math.round(memoryOf(pid).peak / 1024)} MB`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
}
