import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * The pages' shared loading and error states (decision 085) on the real server: only the one failing answer is made up
 * (route interception), the rest of the page talks to the server as usual.
 */

const menu = (page: Page) => page.getByTestId('side-menu').first();

test('a report whose server fails offers a retry in the frame, and the retry loads it', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  let failing = true;
  await page.route('**/api/front/analytics/sales/summary?**', (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'SERVER_ERROR' } }) })
      : route.fallback(),
  );
  await menu(page).locator('[data-menu-id=analyticsSales]').click();
  await expect(page.getByTestId('page-failure')).toBeVisible({ timeout: 20_000 });
  // The frame stays: the menu and the report's own title and filters.
  await expect(menu(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  failing = false;
  await page.getByTestId('page-retry').click();
  await expect(page.getByTestId('report-totals')).toBeVisible();
  await expect(page.getByTestId('page-failure')).toHaveCount(0);
});

test('offline, a report never loaded says it needs a connection and opens by itself once back', async ({ page, context }) => {
  await signIn(page, DEMO.admin);
  // The report's code once, online (this project has no service worker to serve it offline).
  await menu(page).locator('[data-menu-id=analyticsRedemption]').click();
  await expect(page.getByTestId('report-totals')).toBeVisible();
  await menu(page).locator('[data-menu-id=dashboard]').click();
  const today = page.locator('a[href="/analytics/redemption?period=today"]');
  await expect(today).toBeVisible();
  await context.setOffline(true);
  await today.click();
  await expect(page.getByTestId('page-needs-connection')).toBeVisible();
  await expect(menu(page)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('report-totals')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('page-needs-connection')).toHaveCount(0);
});

test('an unknown address while signed in keeps the menu and the way out', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /не найдена|not found/i })).toBeVisible();
  await expect(menu(page)).toBeVisible();
  await expect(page.getByTestId('logout')).toBeVisible();
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a report whose server fails offers a retry under the header, and the retry loads it', async ({ page }) => {
    await signIn(page, DEMO.accountant);
    let failing = true;
    await page.route('**/api/front/analytics/redemption/summary?**', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'SERVER_ERROR' } }) })
        : route.fallback(),
    );
    await page.goto('/analytics/redemption?period=today');
    await expect(page.getByTestId('page-failure')).toBeVisible({ timeout: 20_000 });
    // The frame stays: the header with its way out, and the report's title.
    await expect(page.getByTestId('logout')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('page-retry')).toBeInViewport();
    failing = false;
    await page.getByTestId('page-retry').tap();
    await expect(page.getByTestId('report-totals')).toBeVisible();
    await expect(page.getByTestId('page-failure')).toHaveCount(0);
  });
});
