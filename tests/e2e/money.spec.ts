import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { createUser, dataOf, DEMO, signIn, tokenOf } from './helpers';

/**
 * Issue 28, decision 083: typed money means one thing on every screen and in every language. A person whose cabinet
 * speaks English, and one whose cabinet speaks Russian, type the same texts at the till and in the catalogue's
 * denomination field: the till's confirmation asks for the same minor units the catalogue sends, and a text that is no
 * amount is refused on both. The till spends nothing (the confirmation is cancelled) on a certificate of the test's own.
 */

/** Set by tests/e2e/start-server.sh. */
const PARTNER_API_KEY = process.env.PARTNER_API_KEY ?? 'e2e-partner-key-0123456789abcdef';

/** Each text, and the minor units it is on every screen. */
const READINGS = [
  ['10,5', 1050],
  ['1 000,50', 100050],
  ['1,000.50', 100050],
  ['1.000,50', 100050],
] as const;
/** One mark that both groups and divides: no amount anywhere. */
const REFUSED = '1,000,5';

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const fieldError = (page: Page, name: string) => page.locator(`[data-field-error="${name}"]`);

/**
 * A new person in Demo Gifts, admin and cashier, with the cabinet language given; a draft product of theirs, and a
 * 3 000.00 certificate of the demo gift card for the till.
 */
async function setUp(request: APIRequestContext, language: string) {
  const person = await createUser(request, `money-${language.slice(0, 2)}`, language);
  const admin = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const info = await dataOf<{ memberships: { supplierId: string; supplierName: string }[] }>(
    await request.get('/api/front/user/account/get-info', { headers: admin }),
  );
  const supplierId = info.memberships.find((membership) => membership.supplierName === 'Demo Gifts')!.supplierId;
  await dataOf(
    await request.post('/api/front/supplier/users/add', {
      headers: admin,
      data: {
        supplierId,
        secondName: 'Money',
        firstName: 'Tester',
        email: person.email,
        phone: '+7 900 123-45-67',
        roles: ['roleAdmin', 'roleRedeemer'],
      },
    }),
  );
  const headers = { Authorization: `Bearer ${await tokenOf(request, person.email, person.password)}` };
  await dataOf(await request.post('/api/front/user/invitations/accept', { headers, data: { supplierId } }));
  const draft = await dataOf<{ id: string }>(
    await request.post('/api/front/supplier/catalogue/create', {
      headers,
      data: {
        supplierId,
        data: { name: `E2E money ${Date.now().toString(36)}`, cities: ['Moscow'], productType: 'goods', requiredOrderParameters: [] },
      },
    }),
  );
  const products = await dataOf<{ items: { id: string; name: string }[] }>(
    await request.get('/api/front/supplier/products', { headers, params: { supplierId } }),
  );
  const card = products.items.find((product) => product.name === 'Demo Gifts card')!.id;
  const order = await dataOf<{ certificates: { number: string; pin: string }[] }>(
    await request.post('/api/partner/v1/certificates', {
      headers: { 'X-Api-Key': PARTNER_API_KEY },
      data: { productId: card, denomination: 300_000, quantity: 1, orderNumber: `E2E-MONEY-${Date.now()}-${language}`, channel: 'e2e' },
    }),
  );
  return { person, productId: draft.id, certificate: order.certificates[0]! };
}

/** What the till asks to redeem for the text, in minor units (the confirmation's amount has both decimals), or null if refused. */
async function atTheTill(page: Page, text: string): Promise<number | null> {
  await field(page, 'amount').fill(text);
  await page.getByTestId('redeem').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.or(fieldError(page, 'amount'))).toBeVisible();
  if (!(await dialog.isVisible())) return null;
  const title = await dialog.getByRole('heading').innerText();
  await dialog.locator('[data-dialog-cancel]').click();
  await expect(dialog).toBeHidden();
  return Number(title.replace(/\D/g, ''));
}

/** What the catalogue sends for the text as the product's one denomination, in minor units, or null if refused. */
async function inTheCatalogue(page: Page, productId: string, text: string): Promise<number | null> {
  await page.goto(`/certificates/add/denominations?productId=${productId}`);
  await field(page, 'items.0.value').fill(text);
  const sent: number[] = [];
  const onRequest = (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/catalogue/save'))
      sent.push((request.postDataJSON() as { data: { items: { value: number }[] } }).data.items[0]!.value);
  };
  page.on('request', onRequest);
  await page.getByTestId('step-submit').click();
  // Saved, the wizard goes on to the next step; refused, the field says why and nothing is sent.
  const nextStep = page.getByTestId('wizard-steps').locator('[aria-current=step][data-step=information]');
  await expect(nextStep.or(fieldError(page, 'items.0.value'))).toBeVisible();
  page.off('request', onRequest);
  if (await nextStep.isVisible()) return sent[0]!;
  expect(sent).toEqual([]);
  return null;
}

for (const language of ['en-US', 'ru-RU']) {
  test(`${language}: the same text is the same amount at the till and in the catalogue, or refused on both`, async ({ page, request }) => {
    // Sign-up, a company, a certificate, then two screens five times each.
    test.setTimeout(120_000);
    const { person, productId, certificate } = await setUp(request, language);
    await signIn(page, person.email, person.password);
    // The cabinet speaks the person's language, whatever the browser's.
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await page.goto('/redemption');
    await field(page, 'number').fill(certificate.number);
    await field(page, 'pin').fill(certificate.pin);
    await page.getByTestId('check').click();
    await expect(page.getByTestId('balance')).toHaveAttribute('value', '300000');
    const till: (number | null)[] = [];
    for (const [text] of READINGS) till.push(await atTheTill(page, text));
    till.push(await atTheTill(page, REFUSED));

    const catalogue: (number | null)[] = [];
    for (const [text] of READINGS) catalogue.push(await inTheCatalogue(page, productId, text));
    catalogue.push(await inTheCatalogue(page, productId, REFUSED));

    const expected = [...READINGS.map(([, minor]) => minor), null];
    expect(till).toEqual(expected);
    expect(catalogue).toEqual(expected);
  });
}
