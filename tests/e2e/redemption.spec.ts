import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * The till's screen with the demo certificates (README). The demo users' cabinet
 * language is Russian, so the tests go by field names and test ids, not texts.
 * Only this spec spends money, on 7000000000000013; the other certificates are only checked.
 */
const ACTIVE = { number: '7000000000000013', pin: '111111' };
const PARTLY_USED = { number: '7000000000000021', pin: '222222' };
const MULTI_USE = { number: '7000000000000062', pin: '666666' };

const field = (page: Page, name: 'number' | 'pin' | 'amount') => page.locator(`input[name=${name}]`);
const minor = async (page: Page, testId: string) => Number(await page.getByTestId(testId).getAttribute('value'));

async function openRedemption(page: Page, email: string, { viaMenu = true } = {}) {
  await signIn(page, email);
  // The side menu's entry leads here (on desktop; phones have it in the drawer).
  if (viaMenu) await page.getByTestId('side-menu').locator('[data-menu-id=redemption]').first().click();
  else await page.goto('/redemption');
  await expect(page).toHaveURL(/\/redemption$/);
  await expect(field(page, 'number')).toBeVisible();
}

async function check(page: Page, certificate: { number: string; pin: string }) {
  await field(page, 'number').fill(certificate.number);
  await field(page, 'pin').fill(certificate.pin);
  await page.getByTestId('check').click();
  await expect(page.getByTestId('certificate-card')).toBeVisible();
}

test('the redeemer checks, redeems 10.00 and sees the new balance and the history entry', async ({ page }) => {
  // The scanner's reader is loaded only when the scanner opens: never on the way here.
  const scannerFiles: string[] = [];
  page.on('request', (request) => {
    if (/ponyfill|zxing|\.wasm/.test(request.url())) scannerFiles.push(request.url());
  });
  await openRedemption(page, DEMO.redeemer);
  await field(page, 'number').fill(ACTIVE.number);
  await expect(page.getByTestId('number-valid')).toBeVisible();
  // Keyboard only, as at a till: Enter goes on to the PIN, Enter again checks.
  await field(page, 'number').press('Enter');
  await expect(field(page, 'pin')).toBeFocused();
  await field(page, 'pin').fill(ACTIVE.pin);
  await field(page, 'pin').press('Enter');
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'active');
  const before = await minor(page, 'balance');
  expect(before).toBeGreaterThanOrEqual(1000);
  // The next step at the till is the amount: it has the focus.
  await expect(field(page, 'amount')).toBeFocused();

  await field(page, 'amount').fill('10');
  await page.getByTestId('redeem').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('redeem-success')).toBeVisible();
  const transaction = (await page.getByTestId('transaction-number').innerText()).trim();
  expect(transaction).toMatch(/^R\w+$/);
  expect(await minor(page, 'new-balance')).toBe(before - 1000);
  await expect(page.getByTestId('balance')).toHaveAttribute('value', String(before - 1000));
  const row = page.getByTestId('history').locator(`tr[data-transaction="${transaction}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('data')).toHaveAttribute('value', '1000');
  // The confirmation replaces the form: nothing invites a second redemption.
  await expect(field(page, 'amount')).toHaveCount(0);

  // A fresh check (after a reload: nothing from memory) tells the same.
  await page.reload();
  await check(page, ACTIVE);
  await expect(page.getByTestId('balance')).toHaveAttribute('value', String(before - 1000));
  await expect(page.getByTestId('history').locator(`tr[data-transaction="${transaction}"]`)).toBeVisible();
  expect(scannerFiles).toEqual([]);
});

test('the partly used certificate shows its history and every field of the check', async ({ page }) => {
  await openRedemption(page, DEMO.redeemer);
  await check(page, PARTLY_USED);
  await expect(page.getByTestId('balance')).toHaveAttribute('value', '180000');
  await expect(page.getByTestId('denomination')).toHaveAttribute('value', '300000');
  await expect(page.getByTestId('history').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('certificate-card')).toContainText('DEMO-002');
  await expect(page.getByTestId('result-summary')).not.toBeEmpty();

  // The multi-use certificate counts its visits.
  await field(page, 'number').fill(MULTI_USE.number);
  await field(page, 'pin').fill(MULTI_USE.pin);
  await page.getByTestId('check').click();
  await expect(page.getByTestId('redemptions-left')).toHaveText('2');
});

test('an accountant sees the check result but no redeem form', async ({ page }) => {
  await openRedemption(page, DEMO.accountant);
  await check(page, PARTLY_USED);
  await expect(page.getByTestId('balance')).toHaveAttribute('value', '180000');
  await expect(field(page, 'amount')).toHaveCount(0);
  await expect(page.getByTestId('redeem')).toHaveCount(0);
  await expect(page.getByTestId('check-only')).toBeVisible();
});

test('errors: a mistyped number is caught before any request, a wrong PIN, an amount over the balance', async ({ page }) => {
  await openRedemption(page, DEMO.redeemer);
  let checks = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/front/redemption/check')) checks++;
  });

  // One digit wrong: flagged as typed, and the check is not sent.
  await field(page, 'number').fill('7000000000000014');
  await expect(field(page, 'number')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('check').click();
  await expect(field(page, 'number')).toBeFocused();
  expect(checks).toBe(0);

  // A wrong PIN: the status says so and the PIN field is marked; what was typed stays.
  await field(page, 'number').fill(MULTI_USE.number);
  await expect(field(page, 'number')).not.toHaveAttribute('aria-invalid', 'true');
  await field(page, 'pin').fill('000000');
  await page.getByTestId('check').click();
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'incorrectPin');
  await expect(field(page, 'pin')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'pin')).toHaveValue('000000');
  await expect(field(page, 'amount')).toHaveCount(0);
  expect(checks).toBe(1);

  // More than the balance (1 800.00): the error sits next to the field, the value stays, nothing is asked.
  await field(page, 'number').fill(PARTLY_USED.number);
  await field(page, 'pin').fill(PARTLY_USED.pin);
  await page.getByTestId('check').click();
  await expect(page.getByTestId('balance')).toHaveAttribute('value', '180000');
  await field(page, 'amount').fill('1800,01');
  await page.getByTestId('redeem').click();
  await expect(page.locator('[data-field-error=amount]')).toBeVisible();
  await expect(field(page, 'amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'amount')).toHaveValue('1800,01');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Three decimals are refused too (decision 083: "10.005" would be ten thousand and five, "0.005" is nothing but three
  // decimals); the balance itself is allowed up to the confirmation.
  await field(page, 'amount').fill('0.005');
  await page.getByTestId('redeem').click();
  await expect(page.locator('[data-field-error=amount]')).toBeVisible();
  await field(page, 'amount').fill('1 800,00');
  await page.getByTestId('redeem').click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('alertdialog').locator('[data-dialog-cancel]').click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(field(page, 'amount')).toHaveValue('1 800,00');
  await expect(page.getByTestId('balance')).toHaveAttribute('value', '180000');
});

test('offline, the redeem button is disabled with its reason; back online it works again without a reload', async ({ page, context }) => {
  await openRedemption(page, DEMO.redeemer);
  await check(page, PARTLY_USED);
  const redeem = page.getByTestId('redeem');
  await expect(redeem).toBeEnabled();
  await expect(page.getByTestId('offline-reason')).toHaveCount(0);

  await context.setOffline(true);
  await expect(redeem).toBeDisabled();
  await expect(page.getByTestId('offline-reason')).toBeVisible();
  // The button names its reason for screen readers too.
  const reasonId = await page.getByTestId('offline-reason').getAttribute('id');
  await expect(redeem).toHaveAttribute('aria-describedby', reasonId!);
  // Typing goes on offline; nothing is lost.
  await field(page, 'amount').fill('5');

  await context.setOffline(false);
  await expect(redeem).toBeEnabled();
  await expect(page.getByTestId('offline-reason')).toHaveCount(0);
  await expect(field(page, 'amount')).toHaveValue('5');
  await redeem.click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expect(page.getByRole('alertdialog').getByTestId('confirm-action')).toBeEnabled();
});

test('axe: /redemption with a result has no serious violations', async ({ page }) => {
  await openRedemption(page, DEMO.redeemer);
  const serious = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(await serious()).toEqual([]);
  await check(page, PARTLY_USED);
  expect(await serious()).toEqual([]);
  await field(page, 'amount').fill('1');
  await page.getByTestId('redeem').click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await serious()).toEqual([]);
});

test('touch targets on a phone are at least 44 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openRedemption(page, DEMO.redeemer, { viaMenu: false });
  await check(page, PARTLY_USED);
  const small = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('button, input, a')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({
        name: element.getAttribute('name') ?? element.dataset.testid ?? element.textContent,
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.height < 44)
      .map(({ name, box }) => `${name}: ${box.height}px`),
  );
  expect(small).toEqual([]);
});
