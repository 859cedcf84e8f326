import { expect, test, type Page } from '@playwright/test';
import { appDrawn, DEMO, signIn } from './helpers';

/**
 * What the till fetches only when it is wanted (decision 073): Ark's dialog, the company menu and the desktop
 * sections' texts are not part of its first load, and each still arrives, in working order, when it is used.
 */

/** The names of the built scripts the page has asked for, as they are asked for. */
const scriptsOf = (page: Page): string[] => {
  const names: string[] = [];
  page.on('request', (request) => {
    const name = /\/assets\/([^/]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    if (name && !names.includes(name)) names.push(name);
  });
  return names;
};
/** The demo people read Russian: one chunk per message part. */
const russianParts = (names: string[]) => names.filter((name) => /^ru-[\w-]+\.js$/.test(name));

test('the till loads no dialog, company menu, tooltip or desktop texts until they are wanted', async ({ page }) => {
  const scripts = scriptsOf(page);
  // A till-only person lands on the till.
  await signIn(page, DEMO.redeemer);
  await expect(page).toHaveURL(/\/redemption$/);
  await appDrawn(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((name) => /^(dialog-parts|menu-popup|tooltip-popup)-/.test(name))).toEqual([]);
  expect(russianParts(scripts)).toHaveLength(2);

  // The company menu: the plain trigger opens Ark's menu, which keeps the keyboard.
  const trigger = page.getByTestId('company-menu').getByRole('button');
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio')).toHaveCount(1);
  await expect(page.getByRole('menu')).toBeFocused();
  expect(scripts.some((name) => name.startsWith('menu-popup-'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();

  // A desktop page waits for its texts: the report opens translated, with the third part fetched.
  await page.getByTestId('redemption-report-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Отчёт о погашениях');
  expect(russianParts(scripts)).toHaveLength(3);
});

test('a dialog opens on the first press, with its code fetched then', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = scriptsOf(page);
  await signIn(page, DEMO.redeemer);
  await appDrawn(page);
  await page.waitForLoadState('networkidle');
  expect(scripts.some((name) => name.startsWith('dialog-parts-'))).toBe(false);
  await page.getByTestId('burger').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
  expect(scripts.some((name) => name.startsWith('dialog-parts-'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('burger')).toBeFocused();
});
