import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

/**
 * The installable, offline-capable app (decisions 28–31), against the
 * production build served by the real server, with the service worker allowed
 * (the `offline` project): the shell opens offline in every language, the saved
 * query cache goes with the session, a new build is offered by the update
 * prompt, and both region manifests are installable.
 */
const LANGUAGES = [
  { locale: 'ru-RU', file: 'ru', lang: 'ru-RU' },
  { locale: 'be-BY', file: 'by', lang: 'be-BY' },
  { locale: 'kz-KZ', file: 'kz', lang: 'kk-KZ' },
  { locale: 'es-ES', file: 'es', lang: 'es-ES' },
  { locale: 'fr-FR', file: 'fr', lang: 'fr-FR' },
  { locale: 'en-US', file: 'en', lang: 'en-US' },
] as const;
const messages = (file: string) => JSON.parse(readFileSync(`locales/${file}.json`, 'utf8')) as Record<string, string>;

/** After the first visit: the worker is installed (everything precached) and active. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** Every value kept in the query cache's IndexedDB store, as text. */
const savedCache = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('certdesk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve('');
          const all = db.transaction('query-cache').objectStore('query-cache').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => reject(all.error);
        };
      }),
  );

test('signed out: /login opens offline from the service worker in all six languages', async ({ page, context }) => {
  await page.goto('/login');
  await serviceWorkerReady(page);
  for (const { locale, file, lang } of LANGUAGES) {
    await context.setOffline(false);
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await goOffline(context, page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { name: messages(file)['login.title'] })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveText(messages(file)['pwa.offlineBanner']!);
  }
});

test('signed in: / and /redemption open offline with the saved data in all six languages', async ({ page, context }) => {
  await signIn(page, DEMO.redeemer);
  await serviceWorkerReady(page);
  await page.goto('/redemption');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  for (const { locale, file, lang } of LANGUAGES) {
    await context.setOffline(false);
    await page.evaluate((value) => localStorage.setItem('locale', value), locale);
    await goOffline(context, page);
    // The app's start (/) opens the till for a redeemer (decision 066).
    for (const path of ['/', '/redemption']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/redemption$/);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('logout')).toHaveText(messages(file)['action.logout']!);
      await expect(page.getByTestId('offline-banner')).toHaveText(messages(file)['pwa.offlineBanner']!);
      // The saved user is shown: the header still knows who is signed in.
      await expect(page.getByTestId('user-block')).toContainText(DEMO.redeemer);
    }
  }
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** Whether two boxes share any area. */
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [name, device] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['390×844 touch', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(name, () => {
    test.use(device);

    test('"works offline now" waits for sign-in and covers no header control nor footer link (decision 066)', async ({ page }) => {
      // The worker precaches every chunk first.
      test.setTimeout(90_000);
      await page.goto('/login');
      await serviceWorkerReady(page);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByTestId('toast')).toHaveCount(0);

      // Signed in on this very page: a reload would forget the worker's word (it is said once, on its install).
      await page.getByLabel('E-mail').fill(DEMO.admin);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByTestId('logout')).toBeVisible();
      // Measured in one go, while the notice is on screen (it closes itself after a few seconds).
      const measured = await (
        await page.waitForFunction(() => {
          const toast = document.querySelector('[data-testid=toast]');
          if (!toast) return null;
          const box = (node: Element) => {
            const { x, y, width, height } = node.getBoundingClientRect();
            return { x, y, width, height, name: (node.getAttribute('data-testid') ?? node.textContent ?? '').trim() };
          };
          const visible = (node: Element) => node.getBoundingClientRect().width > 0;
          return {
            toast: box(toast),
            text: toast.textContent,
            controls: [...document.querySelectorAll('header button, header a, footer a')].filter(visible).map(box),
          };
        })
      ).jsonValue();
      const boxes = measured!;
      expect(boxes.text).toContain(messages('ru')['pwa.offlineReady']);
      expect(boxes.controls.map(({ name }) => name)).toEqual(expect.arrayContaining(['user-block', 'logout']));
      const viewport = page.viewportSize()!;
      expect(boxes.toast.y + boxes.toast.height).toBeLessThanOrEqual(viewport.height);
      for (const control of boxes.controls) expect(overlaps(boxes.toast, control), control.name).toBe(false);
    });
  });
}

test('at the till offline: a certificate checked before shows its saved state and age, redeem waits, a typed check runs when back', async ({
  page,
  context,
}) => {
  const partlyUsed = { number: '7000000000000021', pin: '222222' };
  const multiUse = { number: '7000000000000062', pin: '666666' };
  const field = (name: 'number' | 'pin') => page.locator(`input[name=${name}]`);
  const typeCheck = async ({ number, pin }: { number: string; pin: string }) => {
    await field('number').fill(number);
    await field('pin').fill(pin);
    await page.getByTestId('check').click();
  };
  await signIn(page, DEMO.redeemer);
  await serviceWorkerReady(page);
  await page.goto('/redemption');
  await typeCheck(partlyUsed);
  const card = page.getByTestId('certificate-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('saved-mark')).toHaveCount(0);
  // Saved under a digest of number and PIN: the cache holds the answer, never the PIN.
  await expect.poll(() => savedCache(page)).toContain(partlyUsed.number);
  expect(await savedCache(page)).not.toContain(partlyUsed.pin);

  await goOffline(context, page);
  await page.reload();
  await expect(field('number')).toBeVisible();
  // Another PIN finds nothing saved: the check waits for the connection instead.
  await typeCheck({ ...partlyUsed, pin: '999999' });
  await expect(page.getByTestId('check-queued')).toBeVisible();
  await expect(card).toHaveCount(0);
  // The same number and PIN show the last known state: a band of its own (never the live verdict's green), its age
  // and why it may be stale, what the server said then; redeeming waits for the server.
  await typeCheck(partlyUsed);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-saved', '');
  await expect(page.getByTestId('result-band')).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('saved-age')).toBeVisible();
  await expect(page.getByTestId('saved-verdict')).toHaveAttribute('data-state', 'valid');
  await expect(page.getByTestId('result-summary')).toContainText(messages('ru')['redemption.band.saved']!);
  await expect(page.getByTestId('balance')).toHaveAttribute('value', '180000');
  // The offline state stays in view whatever the scroll, the header below it.
  await page.getByTestId('redeem').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  const banner = await page.getByTestId('offline-banner').boundingBox();
  expect(banner?.y).toBe(0);
  await expect(page.getByTestId('redeem')).toBeDisabled();
  await expect(page.getByTestId('offline-reason')).toBeVisible();

  // A certificate never checked here: the check is queued and runs by itself once the server is back.
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/front/redemption/check')) checks.push(request.postData() ?? '');
  });
  await typeCheck(multiUse);
  await expect(page.getByTestId('check-queued')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(checks).toEqual([]);
  await context.setOffline(false);
  await expect(card).toBeVisible();
  await expect(page.getByTestId('check-queued')).toHaveCount(0);
  await expect(card).not.toHaveAttribute('data-saved', '');
  await expect(page.getByTestId('balance')).toHaveAttribute('value', '400000');
  await expect(page.getByTestId('redeem')).toBeEnabled();
  // Only the last check asked for ran: the one dropped by editing the PIN never reached the server.
  expect(checks).toHaveLength(1);
  expect(checks[0]).toContain(multiUse.number);
});

test('offline, saving is paused with the reason and the typed values stay; the cache is wiped by logout', async ({ page, context }) => {
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await signIn(page, DEMO.accountant);
  await page.goto('/account/info');
  const firstName = page.getByLabel('First name');
  // The page and its lazy parts are in before the network goes: else a part still on its way fails to load.
  await expect(firstName).toBeVisible();
  await serviceWorkerReady(page);
  await expect.poll(() => savedCache(page)).toContain(DEMO.accountant);

  await goOffline(context, page);
  await firstName.fill('Offline Edit');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await expect(page.getByTestId('offline-reason').first()).toBeVisible();
  await expect(page.getByTestId('saved-mark')).toBeVisible();
  await context.setOffline(false);
  await expect(save).toBeEnabled();
  await expect(firstName).toHaveValue('Offline Edit');

  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => savedCache(page)).not.toContain(DEMO.accountant);
  // Nothing of the user comes back later from a save the throttle still held.
  await page.waitForTimeout(1200);
  expect(await savedCache(page)).not.toContain(DEMO.accountant);
  expect(await savedCache(page)).not.toContain('supplierId');
});

test('both region manifests are installable (no installability errors)', async ({ baseURL }) => {
  // Installability needs a real profile: Playwright's own contexts are incognito ("in-incognito").
  const profile = mkdtempSync(join(tmpdir(), 'certdesk-install-'));
  const context = await chromium.launchPersistentContext(profile, CHROMIUM_LAUNCH);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const port = new URL(baseURL!).port;
    for (const [host, region] of [
      ['localhost', 'ru'],
      ['es.localhost', 'es'],
    ] as const) {
      await page.goto(`http://${host}:${port}/login`);
      await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', `/manifest-${region}.webmanifest`);
      await serviceWorkerReady(page);
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, {
          timeout: 15_000,
        })
        .toEqual([]);
      const manifest = await page.evaluate(
        async (url) => (await fetch(url)).json() as Promise<{ theme_color: string; icons: { src: string; purpose: string }[] }>,
        `/manifest-${region}.webmanifest`,
      );
      expect(manifest.theme_color).toBe(region === 'es' ? '#03C03C' : '#6B4EFF');
      expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.src)).toEqual([
        `/icons/${region}-maskable-192.png`,
        `/icons/${region}-maskable-512.png`,
      ]);
      await cdp.detach();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new build is offered by the update prompt; nothing reloads by itself; Reload brings it and keeps what was typed', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/login');
  await serviceWorkerReady(page);
  const before = await page.locator('meta[name=certdesk-build]').getAttribute('content');
  await page.getByLabel('E-mail').fill('typed@before.update');
  await page.getByLabel('Password', { exact: true }).fill('Secret123');

  // A rebuilt version in the directory the server serves (the old hashed files stay for pages still using them).
  const buildId = `e2e-${Date.now().toString(36)}`;
  const outDir = process.env.STATIC_DIR ?? `dist-e2e/${new URL(baseURL!).port}`; // as tests/e2e/start-server.sh
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir=false', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production', VITE_BUILD_ID: buildId },
  });
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });

  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText('A new version of the portal is ready.');
  // The prompt waits for the user: what was typed is still there.
  await expect(page.getByLabel('E-mail')).toHaveValue('typed@before.update');
  expect(await page.locator('meta[name=certdesk-build]').getAttribute('content')).toBe(before);

  await page.getByTestId('update-reload').click();
  await expect(page.locator('meta[name=certdesk-build]')).toHaveAttribute('content', new RegExp(`\\+${buildId}$`), { timeout: 20_000 });
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  // What was typed is back after the reload, but for the password, which is never written down.
  await expect(page.getByLabel('E-mail')).toHaveValue('typed@before.update');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('Secret123');
});
