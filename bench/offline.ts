/**
 * npm run bench:offline — time from navigation to the first rendered shell of
 * /login (the sign-in heading painted), in Chromium against the production
 * build served by the real server: online with an empty cache (cold), online
 * from the service worker (warm), and offline from the service worker. Several
 * runs each; the median is printed. Run `npm run build` first (it serves dist/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../tests/support/chromium';
import { runServer } from '../tests/support/server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Milliseconds from the start of navigation until the shell (the form's submit button) is in the page. */
async function timeToShell(page: Page, url: string): Promise<number> {
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('form button[type=submit]').first().waitFor({ state: 'visible' });
  return performance.now() - started;
}

const data = mkdtempSync(join(tmpdir(), 'certdesk-bench-offline-'));
const server = runServer({ DATA_DIR: data, STATIC_DIR: './dist', OUTBOX_POLL_MS: '60000' });
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  const origin = await server.listening(120_000);
  const url = `${origin}/login`;
  const results: Record<string, number[]> = { 'online, cold': [], 'online, service worker': [], 'offline, service worker': [] };
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context: empty HTTP cache, no service worker.
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    results['online, cold']!.push(await timeToShell(page, url));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    results['online, service worker']!.push(await timeToShell(page, url));
    await context.setOffline(true);
    results['offline, service worker']!.push(await timeToShell(page, url));
    await context.close();
  }
  process.stdout.write(`time from navigation to the first rendered shell of /login, ${RUNS} runs each (median, min–max):\n`);
  for (const [label, values] of Object.entries(results)) {
    process.stdout.write(
      `  ${label.padEnd(26)} ${median(values).toFixed(0).padStart(5)} ms  (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})\n`,
    );
  }
} finally {
  await browser.close();
  server.child.kill();
  await server.exited;
  rmSync(data, { recursive: true, force: true });
}
