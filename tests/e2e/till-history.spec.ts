import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

/**
 * Issue 15, decision 065: the till lists today's redemptions under the
 * certificate (the cashier's own; an admin may show everyone's), refreshed
 * after a redemption without a reload, and its number field offers the
 * keyboard that fits the company's codes. Each test spends only certificates it
 * issues itself through the partner API. The demo cabinets are Russian: the
 * tests go by field names and test ids.
 */

/** Set by tests/e2e/start-server.sh. */
const PARTNER_API_KEY = process.env.PARTNER_API_KEY ?? 'e2e-partner-key-0123456789abcdef';

interface Certificate {
  number: string;
  pin: string;
}

async function dataOf<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { data: T }).data;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  return (await dataOf<{ accessToken: string }>(await request.post('/api/front/auth/login', { data: { email, password: DEMO_PASSWORD } })))
    .accessToken;
}

/** The demo cashier's side of Demo Gifts (the company the till opens on for them and the demo admin): token, company, gift card. */
async function cashier(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO.redeemer)}` };
  const info = await dataOf<{ memberships: { supplierId: string; supplierName: string }[] }>(
    await request.get('/api/front/user/account/get-info', { headers }),
  );
  const supplierId = info.memberships.find((membership) => membership.supplierName === 'Demo Gifts')!.supplierId;
  const products = await dataOf<{ items: { id: string; name: string }[] }>(
    await request.get('/api/front/supplier/products', { headers, params: { supplierId } }),
  );
  const productId = products.items.find((product) => product.name === 'Demo Gifts card')!.id;
  return { headers, supplierId, productId };
}

let orders = 0;
/** A new 1 000.00 certificate of the demo gift card. */
async function issue(request: APIRequestContext, productId: string): Promise<Certificate> {
  orders += 1;
  const order = await dataOf<{ certificates: Certificate[] }>(
    await request.post('/api/partner/v1/certificates', {
      headers: { 'X-Api-Key': PARTNER_API_KEY },
      data: { productId, denomination: 100_000, quantity: 1, orderNumber: `E2E-HISTORY-${Date.now()}-${orders}`, channel: 'e2e' },
    }),
  );
  return order.certificates[0]!;
}

const history = (page: Page) => page.getByTestId('till-history');
const entry = (page: Page, transaction: string) => history(page).locator(`li[data-transaction="${transaction}"]`);

async function openTill(page: Page, email: string) {
  await signIn(page, email);
  await page.goto('/redemption');
  await expect(page.locator('input[name=number]')).toBeVisible();
  await expect(history(page)).toBeVisible();
}

test('the cashier redeems and the new redemption is in the till history at once; the keyboard is for digits', async ({ page, request }) => {
  // Sign-in, issue, check, redeem: many steps on a shared machine.
  test.setTimeout(90_000);
  const certificate = await issue(request, (await cashier(request)).productId);
  await openTill(page, DEMO.redeemer);
  // Demo Gifts sells only its own codes, the platform's 16 digits.
  await expect(page.locator('input[name=number]')).toHaveAttribute('inputmode', 'numeric');
  // A cashier sees their own; there is nothing to switch.
  await expect(history(page)).toHaveAttribute('data-scope', 'mine');
  await expect(page.getByTestId('till-history-scope')).toHaveCount(0);

  await page.locator('input[name=number]').fill(certificate.number);
  await page.locator('input[name=pin]').fill(certificate.pin);
  await page.getByTestId('check').click();
  await page.locator('input[name=amount]').fill('12.34');
  await page.getByTestId('redeem').click();
  await page.getByRole('alertdialog').getByTestId('confirm-action').click();
  const transaction = (await page.getByTestId('transaction-number').innerText()).trim();
  expect(transaction).toMatch(/^R\w+$/);

  const row = entry(page, transaction);
  await expect(row).toBeVisible();
  await expect(row.locator('data')).toHaveAttribute('value', '1234');
  await expect(row).toContainText(transaction);
  // The transaction number stays on one line; the amount sits on the right, in tabular figures.
  await expect(row.getByText(transaction, { exact: true })).toHaveCSS('white-space', 'nowrap');
  await expect(row.locator('data')).toHaveCSS('text-align', 'right');
  await expect(row.locator('data')).toHaveCSS('font-variant-numeric', 'tabular-nums');
});

test('an admin sees their own redemptions and switches to everyone’s, where the cashier’s is, by name', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The cashier redeems a certificate of this test's own, through the API.
  const { supplierId, headers, productId } = await cashier(request);
  const certificate = await issue(request, productId);
  const redeemed = await dataOf<{ transactionNumber: string }>(
    await request.post('/api/front/redemption/redeem', {
      headers: { ...headers, 'Idempotency-Key': `e2e-history-${Date.now()}` },
      data: { supplierId, number: certificate.number, pin: certificate.pin, amount: 500 },
    }),
  );

  await openTill(page, DEMO.admin);
  await expect(history(page)).toHaveAttribute('data-scope', 'mine');
  const scope = page.getByTestId('till-history-scope');
  await expect(scope).toBeVisible();
  // Their own list is loaded (a list, or the empty text), and the cashier's entry is not on it.
  await expect(history(page).locator('ol, [data-testid=till-history-empty]')).toBeVisible();
  await expect(entry(page, redeemed.transactionNumber)).toHaveCount(0);

  await scope.locator('[data-value=all]').click();
  await expect(history(page)).toHaveAttribute('data-scope', 'all');
  const row = entry(page, redeemed.transactionNumber);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Vera Kassirova');
  await expect(row.locator('data')).toHaveAttribute('value', '500');

  await scope.locator('[data-value=mine]').click();
  await expect(entry(page, redeemed.transactionNumber)).toHaveCount(0);
  // The admin reads the report as well: the list links to today's.
  await expect(history(page).getByTestId('till-history-report')).toHaveAttribute('href', /\/analytics\/redemption\?period=today/);
});
