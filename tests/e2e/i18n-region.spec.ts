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

test('the es site speaks Spanish to a Russian cabinet without changing the language the other sites use (decision 79)', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const port = new URL(baseURL!).port;
  const accent = () => page.evaluate(() => document.documentElement.style.getPropertyValue('--accent'));
  // Registered in Russia: cabinet language ru-RU, no colour of their own.
  const visitor = await createUser(request, 'visitor');
  await signIn(page, visitor.email, visitor.password, `http://es.localhost:${port}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  // The Spanish site's green, not the purple of the region the person registered in.
  await expect.poll(accent).toBe('#03C03C');
  await page.goto(`http://es.localhost:${port}/account/settings`);
  await expect(page.getByLabel('Idioma de la cuenta')).toHaveValue('ru-RU');
  await expect(page.getByTestId('site-language-note')).toContainText('Русский');

  // Their next sign-in on the ru site is in their own language, in the ru site's colour.
  await signIn(page, visitor.email, visitor.password);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
  await expect(page.getByTestId('side-menu')).toContainText('Главная');
  await expect.poll(accent).toBe('#6B4EFF');

  // Someone registered in Spain whose cabinet was left in Russian has Spanish saved: the other sites follow.
  const local = await createUser(request, 'local', 'ru-RU', 'es');
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, local.email, local.password, `http://es.localhost:${port}`);
  await expect(other.locator('html')).toHaveAttribute('lang', 'es-ES');
  await signIn(other, local.email, local.password, `http://kz.localhost:${port}`);
  await expect(other.locator('html')).toHaveAttribute('lang', 'es-ES');
  await context.close();
});

test('the ru site is purple by default', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', 'rgb(107, 78, 255)');
});
