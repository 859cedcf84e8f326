import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { appDrawn, DEMO, seriousViolations, signIn } from './helpers';

for (const path of ['/login', '/register', '/password-reset-email', '/confirm-email', '/404']) {
  test(`axe: ${path} has no serious violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await appDrawn(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: the signed-in shell, settings and profile have no serious violations', async ({ page }) => {
  await signIn(page, DEMO.admin);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/account/settings');
  await expect(page.locator('h1')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/account/info');
  await expect(page.locator('h1')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the es variant (green accent) has no serious violations', async ({ page, baseURL }) => {
  await page.goto(`http://es.localhost:${new URL(baseURL!).port}/login`);
  await expect(page.locator('h1')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: the users list, the add form with its errors, a blocked member and a bad invitation link have no serious violations', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/users');
  await expect(page.getByTestId('users-table')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('member-row').filter({ hasText: 'blocked@demo.test' }).click();
  await expect(page.getByTestId('member-history')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/users/add');
  await page.getByTestId('member-add-submit').click();
  await expect(page.locator('[data-field-error=roles]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/invitation?token=not-a-real-token');
  await expect(page.locator('h1')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: every part of the sign-in pages is in a landmark, and the widget editor’s landmarks are told apart (issue 35)', async ({
  page,
}) => {
  const landmarkViolations = async () =>
    (await new AxeBuilder({ page }).withRules(['region', 'landmark-unique']).analyze()).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await appDrawn(page);
    expect(await landmarkViolations(), path).toEqual([]);
  }
  await signIn(page, DEMO.admin);
  await page.goto('/widget/add');
  // The preview frames the widget's own page, whose main landmark is named by its product.
  await expect(page.frameLocator('iframe').first().locator('main')).toBeVisible();
  expect(await landmarkViolations()).toEqual([]);
});
