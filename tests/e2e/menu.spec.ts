import { expect, test, type Page } from '@playwright/test';
import { createUser, DEMO, signIn } from './helpers';

const menuIds = (page: Page) =>
  page
    .getByTestId('side-menu')
    .locator('[data-menu-id]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-menu-id')));

const BOTTOM = ['instruction', 'settings'];

// Only sections with a route have entries.
test('admin with a selected company sees every built entry, the role, and the company dropdown with a tick', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect
    .poll(() => menuIds(page))
    .toEqual([
      'dashboard',
      'certificatesGroup',
      'certificates',
      'widgets',
      'marketing',
      'analyticsGroup',
      'analyticsSales',
      'analyticsRedemption',
      'analyticsLiability',
      'analyticsAudit',
      'analyticsSchedules',
      'redemption',
      'users',
      'integrationsGroup',
      'integrationsKeys',
      'webhooks',
      'companies',
      ...BOTTOM,
    ]);
  await expect(page.getByTestId('user-roles')).toHaveText('Администратор');
  const trigger = page.getByTestId('company-menu').getByRole('button');
  await trigger.click();
  const items = page.getByRole('menuitemradio');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveAttribute('aria-checked', 'true');
  // Choosing the branch moves the tick and the header.
  const branch = items.nth(1);
  const branchName = (await branch.innerText()).replace('✓', '').trim();
  await branch.click();
  await expect(trigger).toContainText(branchName);
  await trigger.click();
  await expect(page.getByRole('menuitemradio', { name: branchName })).toHaveAttribute('aria-checked', 'true');
});

test('accountant with a company: the analytics and redemption', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  await expect
    .poll(() => menuIds(page))
    .toEqual([
      'dashboard',
      'analyticsGroup',
      'analyticsSales',
      'analyticsRedemption',
      'analyticsLiability',
      'analyticsAudit',
      'analyticsSchedules',
      'redemption',
      ...BOTTOM,
    ]);
});

test('redeemer with a company: the redemption report and redemption; the role named in the header and on the profile', async ({ page }) => {
  await signIn(page, DEMO.redeemer);
  await expect.poll(() => menuIds(page)).toEqual(['dashboard', 'analyticsGroup', 'analyticsRedemption', 'redemption', ...BOTTOM]);
  // The demo users' cabinet language is Russian.
  await expect(page.getByTestId('user-roles')).toHaveText('Кассир');
  await page.getByTestId('user-block').click();
  await expect(page).toHaveURL(/\/account\/info$/);
  await expect(page.getByTestId('profile-roles')).toHaveValue('Кассир');
});

test('a user without a company: no company entries, no dropdown', async ({ page, request }) => {
  const user = await createUser(request, 'nocompany');
  await signIn(page, user.email, user.password);
  // Nothing that needs a company, but the companies pages (a new account is an admin, decision 9); a page that needs a
  // company sends them home, where a company is created.
  await expect.poll(() => menuIds(page)).toEqual(['dashboard', 'companies', ...BOTTOM]);
  await expect(page.getByTestId('company-menu')).toHaveCount(0);
  await page.goto('/redemption');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  // Not silently: the dashboard says which page needs a company (in the cabinet's language, ru-RU), and why it is here.
  await expect(page.getByTestId('company-needed')).toHaveText(
    'Раздел «Проверка и погашение» работает с компанией, размещённой на маркетплейсе, а у вас такой пока нет.',
  );
  // A visit of its own to the dashboard says nothing of the kind.
  await page.getByTestId('side-menu').locator('a[data-menu-id=dashboard]').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('company-needed')).toHaveCount(0);
});

// DESIGN §4: no link leads to a page that does not exist (sections not built yet have none).
const SCANNED = [
  [
    'admin',
    DEMO.admin,
    ['/', '/account/info', '/redemption', '/companies', '/certificates', '/widgets', '/analytics/sales', '/analytics/liability'],
  ],
  ['redeemer', DEMO.redeemer, ['/', '/account/info', '/redemption', '/analytics/redemption']],
  ['staff', DEMO.moderator, ['/', '/admin', '/admin/companies', '/admin/products']],
] as const;

for (const [role, email, pages] of SCANNED) {
  test(`no link that the ${role} sees leads to a 404`, async ({ page, request }) => {
    // Every page of the role and every link shape found on them, one after another: about a minute on a quiet machine.
    test.setTimeout(180_000);
    await signIn(page, email);
    // One link of each shape: lists grow with what other specs create (a product, a company), and one row's
    // link stands for the others.
    const hrefs = new Map<string, string>();
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByTestId('logout')).toBeVisible();
      for (const href of await page.locator('a[href^="/"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')!))) {
        const shape = href.replace(/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/gi, ':id');
        if (!hrefs.has(shape)) hrefs.set(shape, href);
      }
    }
    for (const href of hrefs.values()) {
      // A document's PDF (the instruction) is a download, not a page.
      if (href.startsWith('/api/')) {
        expect((await request.get(href)).ok(), href).toBe(true);
        continue;
      }
      await page.goto(href);
      await expect(page.getByTestId('logout'), href).toBeVisible();
      await expect(page.getByText('404', { exact: true }), href).toHaveCount(0);
    }
  });
}

test('a value cut short has a tooltip: shown at once when pointed at or focused, closed by Escape (SPEC §9)', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await signIn(page, DEMO.admin);
  const trigger = page.getByTestId('company-menu').getByRole('button');
  const tooltip = page.getByRole('tooltip');
  // At 700 px the company's name is cut short in the header.
  await trigger.hover();
  await expect(tooltip).toHaveText('Demo Gifts LLC');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await page.mouse.move(650, 600);
  // From the keyboard too; leaving the control hides it.
  await trigger.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(trigger).toBeFocused();
  await expect(tooltip).toHaveText('Demo Gifts LLC');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('user-block')).toBeFocused();
  await expect(tooltip).toHaveCount(0);

  // Where the whole name shows, it needs none.
  await page.setViewportSize({ width: 1440, height: 900 });
  await trigger.hover();
  await page.waitForTimeout(300);
  await expect(tooltip).toHaveCount(0);
});
