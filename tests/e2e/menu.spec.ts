import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createUser, DEMO, signIn } from './helpers';

const menuIds = (page: Page) => page.getByTestId('side-menu').locator('[data-menu-id]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-menu-id')));

const BOTTOM = ['instruction', 'settings'];

test('admin with a selected company sees every entry and the company dropdown with a tick', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect.poll(() => menuIds(page)).toEqual([
    'dashboard', 'certificatesGroup', 'certificates', 'widgets', 'analyticsGroup', 'analyticsSales', 'analyticsRedemption', 'redemption', 'users', 'companies', ...BOTTOM,
  ]);
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

test('accountant with a company: analytics (both) and redemption', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  await expect.poll(() => menuIds(page)).toEqual(['dashboard', 'analyticsGroup', 'analyticsSales', 'analyticsRedemption', 'redemption', ...BOTTOM]);
});

test('redeemer with a company: redemption analytics only, and redemption', async ({ page }) => {
  await signIn(page, DEMO.redeemer);
  await expect.poll(() => menuIds(page)).toEqual(['dashboard', 'analyticsGroup', 'analyticsRedemption', 'redemption', ...BOTTOM]);
});

test('a user without a company: no company entries, no dropdown', async ({ page, request }) => {
  const user = await createUser(request, 'nocompany');
  await signIn(page, user.email, user.password);
  // The default role list (roleAdmin) applies: companies only, nothing that needs a company.
  await expect.poll(() => menuIds(page)).toEqual(['dashboard', 'companies', ...BOTTOM]);
  await expect(page.getByTestId('company-menu')).toHaveCount(0);
});
