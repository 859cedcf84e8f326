import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { dataOf, DEMO, signIn, tokenOf } from './helpers';

/**
 * Issue 12 in the browser, the staff's side: a product the demo admin put on
 * moderation (arranged through the API, the wizard has its own spec) is found
 * by the moderator in /admin/products by its filters, a denomination is
 * corrected on the denominations page, and the product is approved with a
 * comment; the demo admin then sees it approved and on sale, and has the mail.
 * The moderator's cabinet is Russian, so the admin area goes by test ids and
 * field names.
 */

const CATALOGUE = '/api/front/supplier/catalogue';
/** Set by tests/e2e/start-server.sh. */
const PARTNER_API_KEY = process.env.PARTNER_API_KEY ?? 'e2e-partner-key-0123456789abcdef';

interface Product {
  id: string;
  supplierId: string;
  status: string;
  live: boolean;
  data: { denominations: { kind: string; items: { value: number }[] } | null };
}

/**
 * A complete product of the demo admin's first active company (the one the portal selects on a fresh
 * sign-in), with a 1360×620 PNG, submitted: on moderation. Answers its id.
 */
async function productOnModeration(request: APIRequestContext, name: string): Promise<string> {
  const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  interface Company {
    supplierId: string;
    status: string;
    childrenSupplierList: { children: Company[] };
  }
  const { supplierItems } = await dataOf<{ supplierItems: Company[] }>(
    await request.get('/api/front/supplier/supplier/index', { headers }),
  );
  const flat = (items: Company[]): Company[] => items.flatMap((item) => [item, ...flat(item.childrenSupplierList?.children ?? [])]);
  const supplierId = flat(supplierItems).find((item) => item.status === 'active')!.supplierId;

  const created = await dataOf<Product>(
    await request.post(`${CATALOGUE}/create`, {
      headers,
      data: {
        supplierId,
        data: {
          name,
          website: 'https://tea.example.test',
          detailedTitle: 'A tea ceremony for two',
          cities: ['Moscow'],
          productType: 'experiences',
          requiredOrderParameters: ['recipientEmail'],
        },
      },
    }),
  );
  const steps = {
    denominations: {
      kind: 'fixed',
      items: [
        { value: 100_000, description: '', externalId: '' },
        { value: 300_000, description: '', externalId: '' },
      ],
      showDescriptionInPdf: false,
    },
    information: {
      codeType: 'own',
      barcodeType: 'qr',
      pinRequired: true,
      codeTransfer: 'api',
      acceptance: 'online',
      accountingExport: 'code',
    },
    terms: { validity: { kind: 'months', months: 12 }, multiUse: { kind: 'no' }, disposability: 'disposable', delivery: 'noPhysicalGoods' },
  };
  for (const [step, data] of Object.entries(steps))
    await dataOf(await request.post(`${CATALOGUE}/save`, { headers, data: { supplierId, productId: created.id, step, data } }));

  const png = await sharp({ create: { width: 1360, height: 620, channels: 3, background: '#7a9e7e' } })
    .png()
    .toBuffer();
  await dataOf(
    await request.post(`${CATALOGUE}/images/upload?supplierId=${supplierId}&productId=${created.id}`, {
      headers: { ...headers, 'Content-Type': 'image/png' },
      data: png,
    }),
  );
  const submitted = await dataOf<Product>(
    await request.post(`${CATALOGUE}/submit`, { headers, data: { supplierId, productId: created.id } }),
  );
  expect(submitted.status).toBe('moderation');
  return created.id;
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

test('the moderator finds a product by its filters, corrects a denomination and approves it; the company sees it on sale and has the mail; the partner API issues it and the till redeems it under its rules', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const name = `Tea ceremony ${Date.now().toString(36)}`;
  const productId = await productOnModeration(request, name);
  const staffHeaders = { Authorization: `Bearer ${await tokenOf(request, DEMO.moderator)}` };
  const stored = async () => dataOf<Product>(await request.get(`/api/admin/products/${productId}`, { headers: staffHeaders }));

  // The admin area's navigation leads to the products; the filters narrow them down to ours.
  const moderator = await signedIn(browser, DEMO.moderator);
  await expect(moderator).toHaveURL(/\/admin$/);
  await moderator.locator('[data-menu-id=adminProducts]').click();
  await expect(moderator).toHaveURL(/\/admin\/products$/);
  await expect(moderator.getByTestId('admin-product-row').first()).toBeVisible();
  await moderator.locator('select[name=status]').selectOption('moderation');
  await moderator.locator('select[name=productType]').selectOption('experiences');
  // The country is a list of Ark's (a desktop pointer): opened, then picked.
  await moderator.getByRole('combobox', { name: 'Страна' }).click();
  await moderator.getByRole('option', { name: 'Россия' }).click();
  await expect(moderator).toHaveURL(/country=RU/);
  await moderator.getByTestId('admin-products-search').fill(name);
  await expect(moderator).toHaveURL(/status=moderation/);
  await expect(moderator).toHaveURL(/search=/);
  const rows = moderator.getByTestId('admin-product-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-product-id', productId);
  await expect(rows.first().getByTestId('product-status')).toHaveAttribute('data-status', 'moderation');

  // The company's name narrows the list to that company; the chip takes it away again.
  await rows.first().getByTestId('admin-product-company').click();
  await expect(moderator).toHaveURL(/supplierId=/);
  await expect(moderator.getByTestId('admin-products-company-filter')).toBeVisible();
  await expect(rows).toHaveCount(1);

  await rows.first().getByRole('link', { name }).click();
  await expect(moderator).toHaveURL(new RegExp(`/admin/products/${productId}$`));
  await expect(moderator.getByTestId('product-name')).toHaveText(name);
  await expect(moderator.getByTestId('admin-product')).toHaveAttribute('data-status', 'moderation');
  await expect(moderator.getByTestId('product-images').locator('img')).toHaveCount(1);
  await expect(moderator.getByTestId('moderation-reset')).toHaveCount(0);

  // The denominations page: 1 000 becomes 1 500.
  await moderator.getByTestId('product-tabs').locator('[data-tab=denominations]').click();
  await expect(moderator).toHaveURL(new RegExp(`/admin/products/${productId}/denominations$`));
  const amount = moderator.locator('[name="items.0.value"]');
  await expect(amount).toHaveValue(/^1\D?000$/);
  await amount.fill('1500');
  await moderator.getByTestId('step-submit').click();
  await expect.poll(async () => (await stored()).data.denominations?.items.map((item) => item.value)).toEqual([150_000, 300_000]);
  // Still waiting for the decision: the edit is the working copy's.
  expect(await stored()).toMatchObject({ status: 'moderation', live: false });

  // Sending back goes through the rejection dialog, which needs a reason (issue 35); cancelled, then approved.
  await moderator.getByTestId('moderation-reject').click();
  await moderator.getByTestId('moderation-reject-confirm').click();
  await expect(moderator.getByTestId('reject-dialog').locator('[data-field-error=reason]')).toBeVisible();
  await moderator.keyboard.press('Escape');
  await expect(moderator.getByTestId('reject-dialog')).toHaveCount(0);
  await moderator.getByTestId('moderation-approve').click();
  await expect(moderator.getByTestId('admin-product')).toHaveAttribute('data-status', 'active');
  await expect(moderator.getByTestId('product-sale')).toHaveAttribute('data-state', 'onSale');
  await expect(moderator.getByTestId('moderation-approve')).toHaveCount(0);
  await expect(moderator.getByTestId('moderation-reset')).toBeVisible();
  await expect(moderator.getByTestId('product-history').locator('[data-action=approved]')).toHaveCount(1);
  await moderator.context().close();

  // The company's admin sees it approved and on sale, with the corrected amount.
  const admin = await signedIn(browser, DEMO.admin);
  await admin.goto(`/certificates/${productId}`);
  await expect(admin.getByTestId('product-status')).toHaveAttribute('data-status', 'active');
  await expect(admin.getByTestId('product-on-sale')).toBeVisible();
  await expect(admin.getByTestId('summary-denominations')).toContainText(/1\D?500/);
  await admin.context().close();

  // …and the mail, with the way to the product.
  await expect
    .poll(
      async () => {
        const { data } = (await (await request.get('/api/dev/outbox', { params: { to: DEMO.admin } })).json()) as {
          data: { subject: string; text: string }[];
        };
        return data.some((mail) => mail.text.includes(`/certificates/${productId}`));
      },
      // The mail goes out through the outbox worker, on its own time on a busy machine.
      { timeout: 30_000 },
    )
    .toBe(true);

  // The marketplace sells it: only the product's amounts are issued, and a single-use certificate comes back.
  const issue = (denomination: number) =>
    request.post('/api/partner/v1/certificates', {
      headers: { 'X-Api-Key': PARTNER_API_KEY },
      data: { productId, denomination, quantity: 1, orderNumber: `E2E-${productId.slice(0, 8)}-${denomination}`, channel: 'marketplace' },
    });
  const refused = await issue(100_000);
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('DENOMINATION_NOT_ALLOWED');
  const order = await dataOf<{ certificates: { number: string; pin: string }[] }>(await issue(150_000));
  const [certificate] = order.certificates;

  // At the till: the redeemer checks it and redeems 100.00 of its 1 500; being single-use, nothing more goes.
  const till = await signedIn(browser, DEMO.redeemer);
  await till.goto('/redemption');
  await till.locator('input[name=number]').fill(certificate!.number);
  await till.locator('input[name=pin]').fill(certificate!.pin);
  await till.getByTestId('check').click();
  await expect(till.getByTestId('certificate-status')).toHaveAttribute('data-status', 'active');
  await expect(till.getByTestId('balance')).toHaveAttribute('value', '150000');
  await till.locator('input[name=amount]').fill('100');
  await till.getByTestId('redeem').click();
  await till.getByRole('alertdialog').getByTestId('confirm-action').click();
  await expect(till.getByTestId('redeem-success')).toBeVisible();
  await expect(till.getByTestId('balance')).toHaveAttribute('value', '140000');
  const redeemerHeaders = { Authorization: `Bearer ${await tokenOf(request, DEMO.redeemer)}` };
  const supplierId = (await stored()).supplierId;
  const again = await request.post('/api/front/redemption/redeem', {
    headers: { ...redeemerHeaders, 'Idempotency-Key': `e2e-${Date.now()}` },
    data: { supplierId, number: certificate!.number, pin: certificate!.pin, amount: 1000 },
  });
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('REDEMPTION_LIMIT_REACHED');
  await till.context().close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])
  test(`at ${viewport.width}×${viewport.height} a product is sent back through the dialog with a required reason, which the company reads`, async ({
    browser,
    request,
  }) => {
    const name = `Back ${viewport.width} ${Date.now().toString(36)}`;
    const productId = await productOnModeration(request, name);
    const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
    const moderator = await context.newPage();
    await signIn(moderator, DEMO.moderator);
    await moderator.goto(`/admin/products/${productId}`);
    await expect(moderator.getByTestId('admin-product')).toHaveAttribute('data-status', 'moderation');
    await expect(moderator.locator('[name=comment]')).toHaveCount(0);
    await moderator.getByTestId('moderation-reject').click();
    const dialog = moderator.getByTestId('reject-dialog');
    await dialog.getByTestId('moderation-reject-confirm').click();
    await expect(dialog.locator('[data-field-error=reason]')).toBeVisible();
    const reason = `The picture is blurred ${Date.now().toString(36)}.`;
    await dialog.locator('[name=reason]').fill(reason);
    await dialog.getByTestId('moderation-reject-confirm').click();
    await expect(moderator.getByTestId('admin-product')).toHaveAttribute('data-status', 'rejected');
    await expect(moderator.getByTestId('moderation-comment')).toHaveText(reason);
    // The button that puts it back on moderation says so (it read "Reset").
    await expect(moderator.getByTestId('moderation-reset')).toHaveText('Вернуть на модерацию');
    await expect
      .poll(async () => {
        const { data } = (await (await request.get('/api/dev/outbox', { params: { to: DEMO.admin } })).json()) as {
          data: { text: string }[];
        };
        return data.some((mail) => mail.text.includes(reason));
      })
      .toBe(true);
    await context.close();
  });
