import { expect, test } from '@playwright/test';
import { DEMO, setTokenExpiry, signIn } from './helpers';

const REFRESH = '/api/front/auth/refresh';
/** A page of the portal's origin that runs none of its code. */
const HEALTH = '/api/health';

test('an access token near expiry is refreshed before the next call', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // The dashboard's figures load after the menu: their call must not count as one of the next load's.
  await page.waitForLoadState('networkidle');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) calls.push(new URL(request.url()).pathname);
  });
  // Only now, with nothing in flight, does the token come near its end (inside the 120 s window).
  await setTokenExpiry(page, 60_000);
  const refreshed = page.waitForResponse((response) => response.url().endsWith(REFRESH));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // The refresh went out before any other call of that load.
  expect(calls[0]).toBe(REFRESH);
  const expiresIn = () => page.evaluate(() => Number(/accessTokenExpiresAt=(\d+)/.exec(document.cookie)?.[1]) - Date.now());
  await expect.poll(expiresIn).toBeGreaterThan(120_000);
});

test('a 401 answer flushes the session and goes to /login', async ({ page }) => {
  // The accountant lands on the dashboard, whose figures are asked for on load (a redeemer lands on the till).
  await signIn(page, DEMO.accountant);
  await page.evaluate(() => {
    document.cookie = 'accessToken=not-a-valid-token; Path=/; SameSite=Strict';
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => document.cookie)).not.toContain('refreshToken=');
  expect(await page.evaluate(() => localStorage.getItem('certdesk.user'))).not.toContain(DEMO.accountant);
});

test('two tabs refreshing at once stay signed in (one refresh across tabs)', async ({ page, context }) => {
  await signIn(page, DEMO.admin);
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('side-menu')).toBeVisible();

  // The token comes near its end while neither tab runs the portal: a page still making its first calls would
  // refresh in the old document and lose the answer to the reload (that case has its own test below).
  await Promise.all([page.goto(HEALTH), second.goto(HEALTH)]);
  await setTokenExpiry(page, 30_000);
  let refreshes = 0;
  context.on('request', (request) => {
    if (request.url().includes(REFRESH)) refreshes += 1;
  });
  await Promise.all([page.goto('/'), second.goto('/')]);
  // Each tab's guard waits for its refresh, or for the other tab's under the lock, before the page shows.
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(second.getByTestId('side-menu')).toBeVisible();
  expect(refreshes).toBe(1);

  // Both tabs still work with the rotated pair (a reused refresh token would have revoked the login).
  await Promise.all([page.reload(), second.reload()]);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(second).not.toHaveURL(/\/login/);
  const info = await page.evaluate(async () => {
    const token = /accessToken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    return (await fetch('/api/front/user/account/get-info', { headers: { Authorization: `Bearer ${decodeURIComponent(token)}` } })).status;
  });
  expect(info).toBe(200);
});

test('a refresh whose answer is lost on the way does not end the login (decision 48)', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.goto(HEALTH);
  await setTokenExpiry(page, 60_000);
  // The server rotates the refresh token, but its answer never reaches the page, which keeps the old one.
  let lost = 0;
  await page.route(
    (url) => url.pathname === REFRESH,
    async (route) => {
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  const answered = page.waitForResponse((response) => response.url().endsWith(REFRESH));
  await page.goto('/');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // The next call or load presents the rotated token again: within the grace period, a new pair in the same login.
  await page.reload();
  expect((await answered).status()).toBe(200);
  expect(lost).toBe(1);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  const expiresIn = () => page.evaluate(() => Number(/accessTokenExpiresAt=(\d+)/.exec(document.cookie)?.[1]) - Date.now());
  await expect.poll(expiresIn).toBeGreaterThan(120_000);
  await page.reload();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test('a logout in one tab logs out the other', async ({ page, context }) => {
  await signIn(page, DEMO.accountant);
  const second = await context.newPage();
  await second.goto('/account/info');
  await expect(second.getByTestId('side-menu')).toBeVisible();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/login/);
});
