import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { appDrawn, DEMO, DEMO_PASSWORD, seriousViolations, signIn } from './helpers';

/**
 * Issue 15 at the till (decision 64), on a 390×844 touch phone and a 768×1024
 * tablet: one band per result, band, balance, amount and Redeem in view after a
 * check, the confirmation in view after a redemption, "Next certificate", tap
 * targets, axe. The demo users' cabinet language may be any of the six: band
 * titles are compared with every translation. Money is spent only on
 * certificates each test issues itself through the partner API.
 */

// Each test walks through several checks (and axe) as a cashier would: more than the default 45 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const PARTNER_API_KEY = process.env.PARTNER_API_KEY ?? 'e2e-partner-key-0123456789abcdef';
const LANGUAGES = ['en', 'ru', 'es', 'fr', 'kz', 'by'] as const;
const MESSAGES = LANGUAGES.map((language) => JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, string>);
/** A message in every language: the band may speak any of them. */
const translations = (id: string) => MESSAGES.map((messages) => messages[id]!);

const DEMO_CERTIFICATES = {
  partlyUsed: { number: '7000000000000021', pin: '222222' },
  redeemed: { number: '7000000000000039', pin: '333333' },
  expired: { number: '7000000000000047', pin: '444444' },
  blocked: { number: '7000000000000054', pin: '555555' },
  multiUse: { number: '7000000000000062', pin: '666666' },
  otherCompany: { number: '7000000000000070', pin: '777777' },
};
/** The band's colour for each state (panda.config.ts tokens success, warning, danger). */
const BAND_COLOUR = { valid: 'rgb(31, 122, 58)', partial: 'rgb(179, 92, 0)', refused: 'rgb(179, 38, 30)' } as const;

interface Certificate {
  number: string;
  pin: string;
}

const field = (page: Page, name: 'number' | 'pin' | 'amount') => page.locator(`input[name=${name}]`);

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/front/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Demo Gifts (the company the portal selects on a fresh sign-in) and its products, as its admin sees them. */
async function demoGifts(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const companies = (await (await request.get('/api/front/supplier/supplier/index', { headers })).json()) as {
    data: { supplierItems: { supplierId: string; name: string }[] };
  };
  const supplierId = companies.data.supplierItems.find((company) => company.name === 'Demo Gifts')!.supplierId;
  const products = (await (await request.get('/api/front/supplier/products', { headers, params: { supplierId } })).json()) as {
    data: { items: { id: string; name: string }[] };
  };
  const productId = (prefix: string) => products.data.items.find((product) => product.name.startsWith(prefix))!.id;
  return { supplierId, card: productId('Demo Gifts card'), spa: productId('Spa') };
}

let orders = 0;
/** A fresh certificate of a demo product, sold through the partner API. */
async function issue(request: APIRequestContext, productId: string, denomination: number): Promise<Certificate> {
  const answer = await request.post('/api/partner/v1/certificates', {
    headers: { 'X-Api-Key': PARTNER_API_KEY },
    data: { productId, denomination, quantity: 1, orderNumber: `TILL-${Date.now().toString(36)}-${orders++}`, channel: 'e2e' },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { data: { certificates: Certificate[] } }).data.certificates[0]!;
}

async function openTill(page: Page) {
  // Every buzz is recorded: the till vibrates where the device can.
  await page.addInitScript(() => {
    const buzzes: unknown[] = [];
    (window as unknown as { buzzes: unknown[] }).buzzes = buzzes;
    Object.defineProperty(navigator, 'vibrate', {
      value: (pattern: unknown) => {
        buzzes.push(pattern);
        return true;
      },
    });
  });
  await signIn(page, DEMO.redeemer);
  await page.goto('/redemption');
  await expect(field(page, 'number')).toBeVisible();
  await appDrawn(page);
}

const buzzes = (page: Page) => page.evaluate(() => (window as unknown as { buzzes: number[][] }).buzzes);

async function check(page: Page, certificate: Certificate) {
  await field(page, 'number').fill(certificate.number);
  await field(page, 'pin').fill(certificate.pin);
  await page.getByTestId('check').click();
  await expect(page.getByTestId('result-band')).toBeVisible();
}

/** Wholly inside the viewport and below the sticky header. */
async function expectInView(page: Page, locator: Locator) {
  const viewport = page.viewportSize()!;
  const header = (await page.locator('header').first().boundingBox())!;
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      if (!box) return 'no box';
      const inside =
        box.y >= header.y + header.height - 1 &&
        box.y + box.height <= viewport.height + 1 &&
        box.x >= 0 &&
        box.x + box.width <= viewport.width + 1;
      return inside ? 'in view' : `out of view: ${JSON.stringify(box)} in ${viewport.width}×${viewport.height}`;
    })
    .toBe('in view');
}

async function expectBand(page: Page, state: keyof typeof BAND_COLOUR, titleId: string, reason?: string) {
  const band = page.getByTestId('result-band');
  await expect(band).toHaveAttribute('data-state', state);
  await expect(band).toHaveCSS('background-color', BAND_COLOUR[state]);
  expect(translations(titleId)).toContain((await band.locator('p').first().innerText()).trim());
  if (reason) await expect(band.getByTestId('result-reason')).toHaveAttribute('data-reason', reason);
  // Colour is never the only signal: an icon and words.
  await expect(band.locator('svg')).toHaveCount(1);
  await expectInView(page, band);
}

/** Every control of the till's cards at least 44 px high. */
async function expectTapTargets(page: Page) {
  const small = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('button, input, a, select')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({
        name: element.getAttribute('name') ?? element.dataset.testid ?? element.textContent,
        height: element.getBoundingClientRect().height,
      }))
      .filter(({ height }) => height < 44)
      .map(({ name, height }) => `${name}: ${height}px`),
  );
  expect(small).toEqual([]);
}

const DEVICES = [
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, guesser: DEMO.accountant },
  { name: 'tablet 768×1024', viewport: { width: 768, height: 1024 }, guesser: DEMO.admin },
];

for (const device of DEVICES) {
  test.describe(`the till on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: true, hasTouch: true });

    test('a valid certificate: green band with the balance, amount and Redeem in view, nothing focused for the keyboard to cover', async ({
      page,
      request,
    }) => {
      const { card } = await demoGifts(request);
      const certificate = await issue(request, card, 150_000);
      await openTill(page);
      // Scan first: the scan action is the first and largest.
      const scan = page.getByTestId('scan');
      expect((await scan.boundingBox())!.height).toBeGreaterThanOrEqual(56);

      await check(page, certificate);
      await expectBand(page, 'valid', 'redemption.band.valid');
      await expect(page.getByTestId('balance')).toHaveAttribute('value', '150000');
      await expectInView(page, page.getByTestId('balance'));
      await expectInView(page, field(page, 'amount'));
      await expectInView(page, page.getByTestId('redeem'));
      // On a touch screen the on-screen keyboard would cover the result: the amount waits for a tap.
      await expect(field(page, 'amount')).not.toBeFocused();
      // The number reads in fours; the product is named once.
      await expect(page.getByTestId('certificate-number')).toHaveText(certificate.number.replace(/(\d{4})(?=\d)/g, '$1 '));
      await expect(page.getByTestId('certificate-card').getByText('Demo Gifts card', { exact: true })).toHaveCount(1);
      expect(await buzzes(page)).toEqual([[80]]);
      await expectTapTargets(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the demo certificates that can be used: green bands, the amount and Redeem in view', async ({ page }) => {
      await openTill(page);
      await check(page, DEMO_CERTIFICATES.partlyUsed);
      await expectBand(page, 'valid', 'redemption.band.valid');
      await expect(page.getByTestId('balance')).toHaveAttribute('value', '180000');
      // Its holder is told the balance after each redemption: the cashier sees where, masked (decision 096).
      await expect(page.getByTestId('certificate-holder')).toHaveText('a•••a@e•••e.com');
      await expectInView(page, field(page, 'amount'));
      await expectInView(page, page.getByTestId('redeem'));

      // Two of three visits left is an ordinary valid card (amber is for the last one).
      await check(page, DEMO_CERTIFICATES.multiUse);
      await expectBand(page, 'valid', 'redemption.band.valid');
      await expect(page.getByTestId('result-reason')).toHaveText(/2/);
      await expect(page.getByTestId('certificate-holder')).toHaveCount(0);
      await expectInView(page, page.getByTestId('balance'));
      await expectInView(page, field(page, 'amount'));
      await expectInView(page, page.getByTestId('redeem'));
      expect(await buzzes(page)).toEqual([[80], [80]]);
    });

    test('the demo certificates that cannot: red bands with the reason, the balance small, nothing to redeem', async ({ page }) => {
      await openTill(page);
      for (const [certificate, reason] of [
        [DEMO_CERTIFICATES.redeemed, 'redeemed'],
        [DEMO_CERTIFICATES.expired, 'expired'],
        [DEMO_CERTIFICATES.blocked, 'blocked'],
      ] as const) {
        await check(page, certificate);
        await expectBand(page, 'refused', 'redemption.band.refused', reason);
        if (reason === 'expired') await expect(page.getByTestId('result-reason')).toHaveText(/\d/);
        await expect(field(page, 'amount')).toHaveCount(0);
        await expect(page.getByTestId('redeem')).toHaveCount(0);
        const balance = page.getByTestId('balance');
        await expectInView(page, balance);
        expect(Number.parseFloat(await balance.evaluate((element) => getComputedStyle(element).fontSize))).toBeLessThanOrEqual(16);
      }
      await expectTapTargets(page);
      expect(await seriousViolations(page)).toEqual([]);

      // Another company's certificate is not found here: a red band too, not a small alert.
      await check(page, DEMO_CERTIFICATES.otherCompany);
      await expectBand(page, 'refused', 'redemption.band.refused', 'notFound');
      expect(await seriousViolations(page)).toEqual([]);
      expect((await buzzes(page)).map((pattern) => pattern.length)).toEqual([3, 3, 3, 3]);
    });

    test('a wrong PIN, a locked certificate, the last visit of a multi-use one', async ({ page, request }) => {
      const products = await demoGifts(request);
      const [spa, locked] = await Promise.all([issue(request, products.spa, 600_000), issue(request, products.card, 100_000)]);
      // Two visits spent: one left. Five wrong PINs lock the other, sent by someone else than the redeemer (whose
      // failed checks are counted apart), another person per device, so repeated runs stay under their limit.
      const admin = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
      for (const visit of [1, 2]) {
        const spent = await request.post('/api/front/redemption/redeem', {
          headers: { ...admin, 'Idempotency-Key': `till-${spa.number}-${visit}` },
          data: { supplierId: products.supplierId, number: spa.number, pin: spa.pin, amount: 100_000 },
        });
        expect(spent.ok()).toBeTruthy();
      }
      const guesser = { Authorization: `Bearer ${await tokenOf(request, device.guesser)}` };
      for (let wrong = 0; wrong < 5; wrong++)
        await request.post('/api/front/redemption/check', {
          headers: guesser,
          data: { supplierId: products.supplierId, number: locked.number, pin: '000000' },
        });

      await openTill(page);
      await check(page, spa);
      await expectBand(page, 'partial', 'redemption.band.partial');
      await expect(page.getByTestId('balance')).toHaveAttribute('value', '400000');
      await expectInView(page, field(page, 'amount'));
      await expectInView(page, page.getByTestId('redeem'));

      await check(page, { number: spa.number, pin: '000000' });
      await expectBand(page, 'refused', 'redemption.band.refused', 'incorrectPin');
      // Back to the PIN, which is marked; the band stays in view.
      await expect(field(page, 'pin')).toBeFocused();
      await expect(field(page, 'pin')).toHaveAttribute('aria-invalid', 'true');

      await check(page, locked);
      await expectBand(page, 'refused', 'redemption.band.refused', 'locked');
      await expect(page.getByTestId('result-reason')).toContainText('15');
      await expectTapTargets(page);
    });

    test('a redemption: the confirmation stays in view, no amount field; Next certificate clears and focuses the number', async ({
      page,
      request,
    }) => {
      const { card } = await demoGifts(request);
      const certificate = await issue(request, card, 100_000);
      await openTill(page);
      await check(page, certificate);
      await field(page, 'amount').fill('250');
      await page.getByTestId('redeem').click();
      await page.getByRole('alertdialog').getByTestId('confirm-action').click();
      await expect(page.getByRole('alertdialog')).toBeHidden();

      const band = page.getByTestId('result-band');
      await expect(band).toHaveAttribute('data-state', 'done');
      await expect(band).toHaveCSS('background-color', BAND_COLOUR.valid);
      await expectInView(page, band);
      await expectInView(page, page.getByTestId('transaction-number'));
      await expectInView(page, page.getByTestId('new-balance'));
      await expect(page.getByTestId('new-balance')).toHaveAttribute('value', '75000');
      const transaction = (await page.getByTestId('transaction-number').innerText()).trim();
      expect(transaction).toMatch(/^R\w+$/);
      // Nothing invites a second redemption: the amount field is gone, the next step has the focus.
      await expect(field(page, 'amount')).toHaveCount(0);
      await expect(page.getByTestId('next-certificate')).toBeFocused();
      await expectInView(page, page.getByTestId('next-certificate'));
      // The certificate's history has it, the transaction in one piece.
      const entry = page.getByTestId('history').locator(`tr[data-transaction="${transaction}"] td[data-column=transaction]`);
      await expect(entry).toHaveText(transaction);
      const lines = await entry.evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getClientRects().length;
      });
      expect(lines).toBe(1);
      expect(await buzzes(page)).toEqual([[80], [80]]);
      await expectTapTargets(page);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('next-certificate').click();
      await expect(page.getByTestId('certificate-card')).toHaveCount(0);
      await expect(field(page, 'number')).toHaveValue('');
      await expect(field(page, 'pin')).toHaveValue('');
      await expect(field(page, 'number')).toBeFocused();
    });
  });
}

test.describe('the till when the server fails', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a check without an answer says so and runs again with one tap', async ({ page }) => {
    await openTill(page);
    let failing = true;
    await page.route('**/api/front/redemption/check', (route) =>
      failing ? route.fulfill({ status: 500, json: { error: { code: 'SERVER_ERROR', message: 'Server Error' } } }) : route.fallback(),
    );
    await check(page, DEMO_CERTIFICATES.partlyUsed);
    const band = page.getByTestId('result-band');
    await expect(band).toHaveAttribute('data-state', 'failed');
    expect(translations('redemption.band.failed')).toContain((await band.locator('p').first().innerText()).trim());
    await expectInView(page, page.getByTestId('retry-check'));
    await expectTapTargets(page);

    failing = false;
    await page.getByTestId('retry-check').click();
    await expect(band).toHaveAttribute('data-state', 'valid');
    await expect(page.getByTestId('balance')).toHaveAttribute('value', '180000');
  });
});
