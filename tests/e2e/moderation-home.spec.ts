import { expect, test } from '@playwright/test';
import { DEMO, signIn, tokenOf } from './helpers';

/**
 * Issue 35 item 9: the moderator's home counts what waits (companies and products on moderation), each count leading
 * to its queue; /admin/companies shows the decided companies too, with the date and who decided.
 */

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])
  test(`at ${viewport.width}×${viewport.height} the moderator's home counts what waits and leads to each queue`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
    const page = await context.newPage();
    await signIn(page, DEMO.moderator);
    const token = await tokenOf(page.request, DEMO.moderator);
    await page.goto('/admin');
    const answer = await page.request.get('/api/admin/suppliers/waiting', { headers: { authorization: `Bearer ${token}` } });
    const waiting = (await answer.json()) as {
      data: { companies: number; products: number };
    };
    const companies = page.getByTestId('waiting-companies');
    const products = page.getByTestId('waiting-products');
    await expect(companies).toContainText(String(waiting.data.companies));
    await expect(products).toContainText(String(waiting.data.products));
    await products.click();
    await expect(page).toHaveURL(/\/admin\/products\?status=moderation$/);
    await page.goto('/admin');
    await companies.click();
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await expect(page.getByTestId('moderation-tab-waiting')).toHaveAttribute('aria-current', 'page');

    // The decided ones, in the address: the demo's rejected company among them, with its date and moderator.
    await page.getByTestId('moderation-tab-decided').click();
    await expect(page).toHaveURL(/\/admin\/companies\?status=decided$/);
    // One tab is the current one: the decided list's.
    await expect(page.getByTestId('moderation-tab-decided')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('moderation-tab-waiting')).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('moderation-decision').first()).toBeVisible();
    await expect(page.locator('[data-testid=moderation-decision][data-action=rejected]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
