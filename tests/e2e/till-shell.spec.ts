import { expect, test, type Page } from '@playwright/test';
import { appDrawn, createUser, DEMO, DEMO_PASSWORD, seriousViolations, signIn, uniqueEmail, USER_PASSWORD } from './helpers';

/**
 * Issue 15, the shell around the till (decision 066): a till-only person lands on the till, the dashboard offers
 * nobody what their role cannot do, the header's person links to the profile, the menu's till and report read
 * differently, the code steps lead back to the e-mail, and the auth pages have touch-sized targets.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Every visible control (and checkbox row) lower than 44 px, named for the failure message. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'button, a[href], input:not([type=checkbox]):not([type=hidden]), select, label:has(input[type=checkbox])',
      ),
    ]
      .filter((node) => {
        const { width, height } = node.getBoundingClientRect();
        return width > 0 && height > 0 && getComputedStyle(node).visibility !== 'hidden';
      })
      // A link inside a checkbox's label is part of a sentence: the row around it is the target (WCAG 2.5.8 inline).
      .filter((node) => !(node.matches('a') && node.closest('label')))
      .filter((node) => node.getBoundingClientRect().height < 44)
      .map(
        (node) =>
          `${node.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 30)}" ${Math.round(node.getBoundingClientRect().height)}px`,
      ),
  );

/** Logs out; the demo users' Russian stays with the page, so English is put back for the helpers' labels. */
async function logout(page: Page) {
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
}

async function fillRegistration(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Last name').fill('Kassa');
  await page.getByLabel('First name').fill('Tilda');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('+7 (900) 555-12-34');
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByLabel(/I agree to the/).check();
}

test.describe('landing', () => {
  test('a redeemer lands on the till after sign-in, and on the till when the app opens at /; Home still opens the dashboard', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.redeemer);
    await expect(page).toHaveURL(/\/redemption$/);
    await expect(page.getByTestId('dashboard')).toHaveCount(0);

    // The installed app starts at / (the manifest's start_url).
    await page.goto('/');
    await expect(page).toHaveURL(/\/redemption$/);

    // Within the app, Home is the dashboard, with nothing a redeemer cannot use.
    await page.getByTestId('side-menu').locator('[data-menu-id=dashboard]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('dashboard-create-company')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-companies')).toHaveCount(0);
    await expect(page.getByTestId('dashboard')).not.toContainText(/add another|create your company/i);
    await expect(page.getByTestId('side-menu').locator('[data-menu-id=companies]')).toHaveCount(0);
  });

  test('an admin and an accountant land on the dashboard; only the admin is offered to create a company', async ({ page }) => {
    // Several sign-ins (and axe) in one test.
    test.setTimeout(90_000);
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard-create-company')).toBeVisible();

    await logout(page);
    await signIn(page, DEMO.accountant);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await expect(page.getByTestId('dashboard-create-company')).toHaveCount(0);
    await expect(page.getByTestId('dashboard')).not.toContainText(/add another|create your company/i);
  });

  test('after a logout, a redeemer signing in lands on the till again; a redirect after sign-in still wins', async ({ page }) => {
    // Several sign-ins (and axe) in one test.
    test.setTimeout(90_000);
    await signIn(page, DEMO.redeemer);
    await expect(page).toHaveURL(/\/redemption$/);
    await logout(page);
    await signIn(page, DEMO.redeemer);
    await expect(page).toHaveURL(/\/redemption$/);
    await logout(page);

    await page.goto('/analytics/redemption');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByLabel('E-mail').fill(DEMO.redeemer);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/analytics\/redemption/);
  });
});

test('the menu names the till and the redemption report differently, and the page titles match', async ({ page }) => {
  await signIn(page, DEMO.redeemer);
  // The demo users' cabinet language is Russian.
  const menu = page.getByTestId('side-menu');
  const till = (await menu.locator('[data-menu-id=redemption]').first().innerText()).trim();
  const report = (await menu.locator('[data-menu-id=analyticsRedemption]').first().innerText()).trim();
  expect(till).toBe('Проверка и погашение');
  expect(report).toBe('Отчёт о погашениях');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(till);
  await menu.locator('[data-menu-id=analyticsRedemption]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(report);
});

test.describe('code steps', () => {
  test('registration: "Change e-mail" goes back to the form with everything typed kept', async ({ page }) => {
    const email = uniqueEmail('change');
    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
    await page.getByTestId('change-email').click();
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page.getByLabel('Last name')).toHaveValue('Kassa');
  });

  test('password reset: "Change e-mail" goes back to the e-mail step with the address kept', async ({ page, request }) => {
    const { email } = await createUser(request, 'change-reset');
    await page.goto('/password-reset-email');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(page).toHaveURL(/\/password-reset-code$/);
    await page.getByTestId('change-email').click();
    await expect(page).toHaveURL(/\/password-reset-email$/);
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
  });
});

test.describe('at 390×844 with touch', () => {
  test.use(PHONE);

  test('tap targets on /login, /register, the code step and the reset pages are at least 44 px high; axe finds nothing serious', async ({
    page,
  }) => {
    // Several sign-ins (and axe) in one test.
    test.setTimeout(90_000);
    for (const path of ['/login', '/register', '/password-reset-email']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await appDrawn(page);
      expect(await smallTargets(page), path).toEqual([]);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The remember-me row is the target, not only the box.
    await page.goto('/login');
    await appDrawn(page);
    const remember = page.getByLabel('Remember me');
    const row = page.locator('label', { has: remember });
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await row.click({ position: { x: (await row.boundingBox())!.width - 4, y: 22 } });
    await expect(remember).toBeChecked();

    await fillRegistration(page, uniqueEmail('targets'));
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
    expect(await smallTargets(page), 'code step').toEqual([]);
    expect(await seriousViolations(page), 'code step').toEqual([]);
  });

  test('the header: the person links to the profile with a touch-sized target', async ({ page }) => {
    await signIn(page, DEMO.redeemer);
    const person = page.getByTestId('user-block');
    await expect(person).toBeVisible();
    await expect(person).toHaveAttribute('href', '/account/info');
    const box = (await person.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    await person.tap();
    await expect(page).toHaveURL(/\/account\/info$/);
  });
});
