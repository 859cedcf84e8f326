import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runServer, type ServerProcess } from '../support/server-process';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

/**
 * Issue 14 parts 4–5 (decision 62): the analytics counters and the live chat reach a fake provider on this
 * machine through a second Certdesk server configured to use it; the default e2e server, configured with
 * neither, sends nothing anywhere else. The pages run under the real content security policy, so a source it
 * does not open is blocked here as it would be in production.
 */

interface Hit {
  counter: string;
  /** host and path of the counted page */
  page: string;
  ref: string;
}
interface Report {
  call: string;
  args: unknown;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The chat provider's script, with JivoSite's API: each call is reported back to the provider. */
const chatScript = (origin: string) => `(() => {
  const report = (call, args) => fetch(${JSON.stringify(`${origin}/report`)}, { method: 'POST', body: JSON.stringify({ call, args }) });
  window.jivo_api = {
    setContactInfo: (info) => report('setContactInfo', info),
    setCustomData: (fields) => report('setCustomData', fields),
    clearHistory: () => report('clearHistory', null),
  };
  report('loaded', null);
  window.jivo_onLoadCallback?.();
})();`;

/** A counter service and a chat provider in one: it counts pixel hits and keeps the chat's reports. */
async function startProvider() {
  const hits: Hit[] = [];
  const reports: Report[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider');
    const counter = /^\/pixel\/(\w+)\.gif$/.exec(url.pathname)?.[1];
    if (counter) {
      const page = new URL(url.searchParams.get('page') ?? '', 'http://none');
      hits.push({ counter, page: page.host + page.pathname, ref: url.searchParams.get('ref') ?? '' });
      response.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(GIF);
    } else if (url.pathname === '/chat.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(chatScript(origin));
    } else if (url.pathname === '/report' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        reports.push(JSON.parse(body) as Report);
        response.writeHead(204, { 'access-control-allow-origin': '*' }).end();
      });
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    reports,
    /** The counters that saw `page` (host and path), sorted. */
    countersOf: (page: string) =>
      hits
        .filter((hit) => hit.page === page)
        .map((hit) => hit.counter)
        .sort(),
    /** The identity the chat was last given: contact info and custom data. */
    identity: () => ({
      contact: reports.findLast((report) => report.call === 'setContactInfo')?.args,
      custom: reports.findLast((report) => report.call === 'setCustomData')?.args,
    }),
    reset: () => {
      hits.length = 0;
      reports.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Collects what the page's content security policy refused. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const directivesOf = (policy: string | undefined): Record<string, string[]> =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

test.describe('with a counter, a Spanish counter and a chat configured', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let server: ServerProcess;
  let dataDir: string;
  let port: string;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(120_000);
    provider = await startProvider();
    dataDir = mkdtempSync(join(tmpdir(), 'certdesk-integrations-'));
    server = runServer({
      DATA_DIR: dataDir,
      // The PWA start-server.sh built for the default e2e server: the same build serves any configuration.
      STATIC_DIR: `dist-e2e/${new URL(baseURL!).port}`,
      PIXEL_URL: `${provider.origin}/pixel/main.gif`,
      PIXEL_ES_URL: `${provider.origin}/pixel/es.gif`,
      CHAT_SCRIPT_URL: `${provider.origin}/chat.js`,
    });
    port = new URL(await server.listening(110_000)).port;
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await provider?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test.beforeEach(() => provider.reset());

  test('es: both counters on every page view, and no chat', async ({ page }) => {
    const host = `es.localhost:${port}`;
    const violations = await watchViolations(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await page.goto(`http://${host}/login`);
    await expect.poll(() => provider.countersOf(`${host}/login`)).toEqual(['es', 'main']);
    // A navigation inside the app is a page view too, with the page before it as the referrer.
    await page.locator('a[href="/register"]').first().click();
    await expect(page).toHaveURL(/\/register$/);
    await expect.poll(() => provider.countersOf(`${host}/register`)).toEqual(['es', 'main']);
    expect(provider.hits.find((hit) => hit.page === `${host}/register`)?.ref).toBe(`http://${host}/login`);

    expect(requested.filter((url) => url.startsWith(`${provider.origin}/chat.js`))).toEqual([]);
    expect(provider.reports).toEqual([]);
    expect(await page.evaluate(() => 'jivo_onLoadCallback' in window)).toBe(false);
    // Still one of each per page view: nothing counted twice.
    expect(provider.countersOf(`${host}/login`)).toEqual(['es', 'main']);
    expect(provider.hits).toHaveLength(4);
    expect(await violations()).toEqual([]);
  });

  test('ru: one counter per page view; the chat learns who writes, follows the company and forgets on logout', async ({ page }) => {
    const host = `ru.localhost:${port}`;
    const origin = `http://${host}`;
    const violations = await watchViolations(page);

    // Signed out first: the page is counted, then the sign-in form takes the demo admin.
    await page.goto(`${origin}/login`);
    await expect.poll(() => provider.countersOf(`${host}/login`)).toEqual(['main']);
    await page.getByLabel('E-mail').fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('logout')).toBeVisible();
    // The demo admin's first company is selected.
    const trigger = page.getByTestId('company-menu').getByRole('button');
    await expect(trigger).toContainText('Demo Gifts LLC');
    await expect
      .poll(() => provider.identity())
      .toEqual({
        contact: { name: 'Anna Adminova', email: DEMO.admin },
        custom: [
          { title: 'Roles', content: 'roleAdmin' },
          { title: 'Company', content: 'Demo Gifts LLC' },
        ],
      });
    expect(provider.reports.filter((report) => report.call === 'loaded')).toHaveLength(1);

    // Choosing another company tells the chat.
    await trigger.click();
    const branch = page.getByRole('menuitemradio').nth(1);
    const branchName = (await branch.innerText()).replace('✓', '').trim();
    await branch.click();
    const companyTold = () => (provider.identity().custom as { content: string }[] | undefined)?.[1]?.content ?? '';
    await expect.poll(companyTold).not.toBe('Demo Gifts LLC');
    expect(branchName).toContain(companyTold());
    expect(companyTold()).not.toBe('');

    // The counter saw each page once, and the Spanish one saw nothing.
    const pages = [...new Set(provider.hits.map((hit) => hit.page))];
    expect(pages.length).toBeGreaterThan(1);
    for (const counted of pages) expect(provider.countersOf(counted), counted).toEqual(['main']);

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => provider.reports.some((report) => report.call === 'clearHistory')).toBe(true);
    expect(provider.identity()).toEqual({ contact: { name: '', email: '' }, custom: [] });
    expect(await violations()).toEqual([]);
  });

  test('the content security policy opens the provider, for the counters and the chat only', async ({ request }) => {
    for (const path of ['/login', '/api/front/site']) {
      const directives = directivesOf((await request.get(`http://127.0.0.1:${port}${path}`)).headers()['content-security-policy']);
      const opened = Object.entries(directives)
        .filter(([, values]) => values.some((value) => value.includes('127.0.0.1')))
        .map(([name, values]) => [name, values.filter((value) => value.includes('127.0.0.1'))]);
      const socket = provider.origin.replace('http:', 'ws:');
      expect(Object.fromEntries(opened)).toEqual({
        'script-src': [provider.origin],
        'style-src': [provider.origin],
        'font-src': [provider.origin],
        'img-src': [provider.origin],
        'connect-src': [provider.origin, socket],
        'frame-src': [provider.origin],
      });
    }
  });
});

test('with nothing configured, nothing is requested from another origin', async ({ page, baseURL }) => {
  const own = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== own) foreign.push(request.url());
  });
  const site = page.waitForResponse((response) => response.url() === `${own}/api/front/site`);
  await signIn(page, DEMO.admin);
  expect(await (await site).json()).toEqual({ data: { pixels: [], chat: null } });
  await page.getByTestId('side-menu').locator('[data-menu-id=users]').first().click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(foreign).toEqual([]);
  expect(await page.evaluate(() => 'jivo_onLoadCallback' in window)).toBe(false);

  const directives = directivesOf((await page.request.get('/login')).headers()['content-security-policy']);
  for (const [name, values] of Object.entries(directives))
    expect(
      values.filter((value) => /^(https?|wss?):/.test(value)),
      name,
    ).toEqual([]);
  expect(directives['frame-src']).toBeUndefined();
});
