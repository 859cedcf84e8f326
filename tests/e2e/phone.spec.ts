import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

test('on a 360 px phone the burger opens the side panel and a link closes it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page.getByTestId('burger')).toBeVisible();
  await page.getByTestId('burger').click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await panel.locator('[data-menu-id=settings]').click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(panel).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
