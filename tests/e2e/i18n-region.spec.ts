import { expect, test } from '@playwright/test';
import { createUser, DEMO, signIn } from './helpers';

test('the language switch changes texts, title and <html lang>, and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in — Certdesk Admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await page.getByTestId('language-select').selectOption('es-ES');
  await expect(page.getByRole('heading', { name: 'Accede a tu cuenta' })).toBeVisible();
  await expect(page).toHaveTitle('Iniciar sesión — Certdesk Panel');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('es-ES');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Accede a tu cuenta' })).toBeVisible();
  await expect(page).toHaveTitle('Iniciar sesión — Certdesk Panel');

  await page.getByTestId('language-select').selectOption('kz-KZ');
  await expect(page.getByRole('heading', { name: 'Кабинетке кіру' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk-KZ');
});

test('an unsupported saved locale falls back to the browser language, then ru-RU', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('locale', 'xx-XX'));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Вход в кабинет' })).toBeVisible();
  await context.close();
});

test('es.localhost: green accent, the offer opened rather than downloaded; no old-site link for by', async ({ page, baseURL, request }) => {
  const user = await createUser(request, 'spain');
  const port = new URL(baseURL!).port;
  await page.goto(`http://es.localhost:${port}/login`);
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toHaveCSS('background-color', 'rgb(3, 192, 60)');
  await expect(page.locator('img[data-region=es]').first()).toBeVisible();

  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await submit.click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // SPEC §1: no downloadable offer in Spain, its in-app page instead.
  await expect(page.getByTestId('offer-link')).toHaveAttribute('href', '/content/offer');
  await expect(page.getByTestId('offer-link')).not.toHaveAttribute('download');
  await expect(page.getByTestId('old-site-link')).toBeVisible();
  // SPEC §4: on the Spanish site a stored ru-RU language becomes es-ES.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');

  await signIn(page, DEMO.accountant, undefined, `http://by.localhost:${port}`);
  await expect(page.getByTestId('offer-link')).toHaveAttribute('download', '');
  await expect(page.getByTestId('contacts-link')).toHaveCount(0);
  await expect(page.getByTestId('old-site-link')).toHaveCount(0);
});

test('the ru site is purple by default', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', 'rgb(107, 78, 255)');
});
