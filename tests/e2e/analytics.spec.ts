import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, signIn } from './helpers';

/**
 * The reports on the demo company's history (server/seed.ts seeds about 90 days
 * of sales and redemptions). The demo users' cabinet language is Russian: the
 * tests go by test ids and data attributes, not texts.
 */

const menuIds = (page: Page) =>
  page
    .getByTestId('side-menu')
    .locator('[data-menu-id]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-menu-id')));

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The whole of last month, as the calendar shows its days. */
function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: iso(first), to: iso(last) };
}

const cells = (page: Page, column: string) => page.getByTestId('report-table').locator(`td[data-column=${column}]`).allInnerTexts();

test('the accountant picks last month in the calendar, sees rows, totals and the chart, downloads XLSX and e-mails the report', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.accountant);
  await page.getByTestId('side-menu').locator('[data-menu-id=analyticsSales]').click();
  await expect(page).toHaveURL(/\/analytics\/sales/);
  await expect(page.getByTestId('report-totals')).toBeVisible();

  // The calendar: back one month, then its first and last day.
  const range = lastMonth();
  await page.getByTestId('report-range-trigger').click();
  const calendar = page.getByTestId('report-range-calendar');
  await expect(calendar).toBeVisible();
  await calendar.locator('[data-part=prev-trigger]').first().click();
  await calendar.locator(`[data-date="${range.from}"]:not([data-outside-range])`).click();
  await calendar.locator(`[data-date="${range.to}"]:not([data-outside-range])`).click();
  await expect(page).toHaveURL(new RegExp(`from=${range.from}&to=${range.to}`));
  await expect(calendar).toBeHidden();

  // Rows, totals and a drawn chart.
  const rows = page.getByTestId('report-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('report-table')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('report-totals')).not.toHaveAttribute('aria-busy', 'true');
  const count = Number((await page.locator('[data-total=count] dd').innerText()).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  const canvas = page.getByTestId('report-chart').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(box!.height).toBeGreaterThan(100);
  const shown = await cells(page, 'certificate');
  expect(shown.length).toBe(Math.min(count, 50));

  // The XLSX: the same rows in the same order as the table, all of them.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(download.suggestedFilename()).toBe(`sales-${range.from}-${range.to}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.actualRowCount - 1).toBe(count);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const certificateColumn = (sheet.getRow(2).values as unknown[]).findIndex((value) => String(value) === shown[0]);
  expect(certificateColumn, `the first row's certificate ${shown[0]} in ${JSON.stringify(header)}`).toBeGreaterThan(0);
  const exported = Array.from({ length: shown.length }, (_, index) => String(sheet.getRow(index + 2).getCell(certificateColumn).value));
  expect(exported).toEqual(shown);

  // By e-mail: the address is the accountant's own; the attachment is in the dev outbox.
  await page.getByTestId('export-mail').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('input[name=email]')).toHaveValue(DEMO.accountant);
  await dialog.getByTestId('mail-send').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: DEMO.accountant })).toBeVisible();
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO.accountant)}`);
      const { data } = (await answer.json()) as { data: { attachments?: { filename: string }[] }[] };
      return data.flatMap((mail) => mail.attachments ?? []).map((file) => file.filename);
    })
    .toContain(`sales-${range.from}-${range.to}.xlsx`);
});

test('sorting and searching go through the URL; a broken range in the URL shows its error and the default period', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  await page.goto('/analytics/sales?from=garbage&to=2026-01-01');
  await expect(page.locator('[data-field-error=to]')).toBeVisible();
  await expect(page.getByTestId('report-totals')).toBeVisible();

  await page.goto('/analytics/sales?period=year');
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await page.getByTestId('sort-denomination').getByRole('button').click();
  await expect(page).toHaveURL(/sort=denomination/);
  await expect(page.getByTestId('sort-denomination')).toHaveAttribute('aria-sort', 'descending');
  await page.getByTestId('sort-denomination').getByRole('button').click();
  await expect(page.getByTestId('sort-denomination')).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('report-table')).not.toHaveAttribute('aria-busy', 'true');
  const first = (await cells(page, 'certificate'))[0]!;

  const start = first.slice(0, 12);
  await page.getByTestId('report-search').fill(start);
  // The router keeps a text of digits a text: quoted in the URL.
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toMatch(new RegExp(`^"?${start}"?$`));
  // The previous rows stay on screen until the search's answer replaces them.
  await expect.poll(async () => (await cells(page, 'certificate')).every((number) => number.startsWith(start))).toBe(true);
});

/** How far the page scrolls below the end of its footer (negative: the page ends with it). */
const scrollPastFooter = (page: Page) =>
  page.evaluate(() => {
    const footer = document.querySelector('footer')!.getBoundingClientRect();
    return document.documentElement.scrollHeight - (footer.bottom + window.scrollY);
  });

test('one-day and year reports draw their chart without an error, the legend reads the period, and the page ends with its footer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, DEMO.accountant);
  // A day in the seeded history, so that its chart has figures to draw; and today, which the till's link opens.
  const day = iso(new Date(Date.now() - 10 * 86_400_000));
  for (const report of ['sales', 'redemption']) {
    for (const search of [`from=${day}&to=${day}`, 'period=today', 'period=year']) {
      await page.goto(`/analytics/${report}?${search}`);
      await expect(page.getByTestId('report-totals')).not.toHaveAttribute('aria-busy', 'true');
      const chart = page.getByTestId('report-chart');
      await expect(chart.locator('canvas').or(page.getByTestId('report-chart-empty')).first()).toBeVisible();
      if (await chart.locator('canvas').count()) {
        // Not hovered, the legend names the period and each line's total: no dashes, no broken dates.
        await expect(chart.locator('.u-legend')).not.toContainText('—');
        await expect(chart.locator('.u-legend')).not.toContainText('Invalid');
      }
      expect(await scrollPastFooter(page), `${report}?${search}`).toBeLessThanOrEqual(1);
    }
  }
  expect(errors).toEqual([]);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])
  test(`at ${viewport.width}×${viewport.height} every column's value of a report row can be read`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
    const page = await context.newPage();
    await signIn(page, DEMO.accountant);
    for (const report of ['sales', 'redemption']) {
      await page.goto(`/analytics/${report}?period=year`);
      await expect(page.getByTestId('report-row').first()).toBeVisible();
      const layout = await page.getByTestId('report-table').evaluate((table) => {
        const box = table.parentElement!;
        const cells = [...table.querySelectorAll('tbody tr:first-child td')].map((cell) => cell.getBoundingClientRect());
        return {
          cells: cells.map((cell) => ({ left: cell.left, right: cell.right, width: cell.width })),
          fits: box.scrollWidth <= box.clientWidth,
          boxHeight: box.getBoundingClientRect().height,
        };
      });
      expect(layout.cells.length).toBeGreaterThan(5);
      if (viewport.width < 500) {
        // A card: every value of the row on the screen, none cut off at the side.
        for (const cell of layout.cells) {
          expect(cell.width).toBeGreaterThan(0);
          expect(cell.left).toBeGreaterThanOrEqual(0);
          expect(cell.right).toBeLessThanOrEqual(viewport.width);
        }
      } else {
        // A table that fits, or one whose box (and so its sideways scrollbar) is shorter than the window.
        expect(layout.fits || layout.boxHeight < viewport.height, JSON.stringify(layout)).toBe(true);
      }
    }
    await context.close();
  });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])
  test(`at ${viewport.width}×${viewport.height} the liability fits without sideways scrolling and downloads as CSV and XLSX`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
    const page = await context.newPage();
    await signIn(page, DEMO.accountant);
    await page.goto('/analytics/liability');
    const rows = page.getByTestId('liability-by-product').getByTestId('report-row');
    await expect(rows.first()).toBeVisible();
    // Issue 35: nothing off to the side; on a phone every value of a row is on the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const cell of await rows.first().locator('td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    for (const format of ['csv', 'xlsx']) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^liability-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
    }
    await expect(page.getByTestId('export-mail')).toBeVisible();
    await context.close();
  });

test('the redeemer sees only the redemption report; the sales report is forbidden', async ({ page }) => {
  await signIn(page, DEMO.redeemer);
  await expect.poll(() => menuIds(page)).toContain('analyticsRedemption');
  const ids = await menuIds(page);
  expect(ids).not.toContain('analyticsSales');
  expect(ids).not.toContain('analyticsLiability');
  await page.goto('/analytics/sales');
  await expect(page).toHaveURL(/\/403$/);
  await page.goto('/analytics/liability');
  await expect(page).toHaveURL(/\/403$/);
});

test("the till's report link opens the redemption report", async ({ page }) => {
  await signIn(page, DEMO.redeemer);
  await page.goto('/redemption');
  await page.getByTestId('redemption-report-link').click();
  await expect(page).toHaveURL(/\/analytics\/redemption$/);
  await expect(page.getByTestId('report-totals')).toBeVisible();
  await expect(page.getByTestId('report-table').or(page.getByTestId('report-empty'))).toBeVisible();
});

test('the dashboard shows the accountant today and the liability, without admin buttons', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  await expect(page.getByTestId('dashboard-today-sum')).toHaveText(/\d/);
  await expect(page.getByTestId('dashboard-outstanding')).toHaveText(/\d/);
  await expect(page.getByTestId('dashboard-moderation')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-create-company')).toHaveCount(0);
});

test('the dashboard shows the redeemer today only: no liability, no admin buttons', async ({ page }) => {
  await signIn(page, DEMO.redeemer);
  // A redeemer lands on the till (decision 066); Home is the dashboard.
  await page.getByTestId('side-menu').locator('[data-menu-id=dashboard]').first().click();
  await expect(page.getByTestId('dashboard-today-count')).toBeVisible();
  await expect(page.getByTestId('dashboard-liability')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-moderation')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-create-company')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-figures').locator('a[href^="/analytics/liability"], a[href="/companies"]')).toHaveCount(0);
});

test('the dashboard shows the admin what waits for moderation', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page.getByTestId('dashboard-moderation')).toBeVisible();
  await expect(page.getByTestId('dashboard-liability')).toBeVisible();
  await expect(page.getByTestId('dashboard-create-company')).toBeVisible();
});
