import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { pngBomb } from '../support/png';
import { dataOf, DEMO, signIn, tokenOf } from './helpers';

/**
 * Issue 12 in the browser: the demo admin builds a certificate through the
 * five steps of the wizard, each saved on the server: a refused field keeps
 * everything typed, a step ahead of the first unfinished one sends the admin
 * back to it, leaving at step 3 loses nothing (the product resumes from the
 * list), two images go up (one larger, of the same ratio) and two are refused
 * with their reasons, and the product is submitted for moderation. The
 * demo admin's cabinet is Russian, so the test goes by field names and test ids.
 */

const RU = JSON.parse(readFileSync('locales/ru.json', 'utf8')) as Record<string, string>;
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const currentStep = (page: Page) => page.getByTestId('wizard-steps').locator('[aria-current=step]');
const fieldError = (page: Page, name: string) => page.locator(`[data-field-error="${name}"]`);
const radio = (page: Page, group: string, value: string) =>
  page
    .getByTestId(`radio-group-${group}`)
    .locator('[data-part=item]')
    .filter({ has: page.locator(`input[value="${value}"]`) });

/** Serious and critical WCAG 2.1 AA violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function expectStep(page: Page, step: string) {
  await expect(currentStep(page)).toHaveAttribute('data-step', step);
}

/**
 * Files for the images step, in a directory of their own: two banners the catalogue takes (1360×620 as PNG, and the
 * same ratio twice as sharp as JPEG, decision 076), then one too small (the browser names it) and issue 34's PNG bomb
 * (only the server can tell: its refusal is named).
 */
async function makeImages(): Promise<{ dir: string; files: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'certdesk-images-'));
  const flat = (width: number, height: number, background: { r: number; g: number; b: number }) =>
    sharp({ create: { width, height, channels: 3, background } });
  const contents: [string, Promise<Buffer>][] = [
    ['banner-1.png', flat(1360, 620, { r: 200, g: 60, b: 60 }).png().toBuffer()],
    ['banner-2.jpg', flat(2720, 1240, { r: 60, g: 90, b: 200 }).jpeg().toBuffer()],
    ['small.png', flat(1000, 456, { r: 60, g: 200, b: 90 }).png().toBuffer()],
    ['bomb.png', pngBomb(1360, 620)],
  ];
  const files = await Promise.all(
    contents.map(async ([name, content]) => {
      const file = join(dir, name);
      writeFileSync(file, await content);
      return file;
    }),
  );
  return { dir, files };
}

test('the admin builds a certificate in five steps, leaves at step 3, resumes from the list and submits it', async ({ page }) => {
  // Five steps, two uploads and three accessibility scans: longer than one page's test.
  test.setTimeout(150_000);
  const images = await makeImages();
  const name = `E2E gift ${Date.now().toString(36)}`;
  try {
    await signIn(page, DEMO.admin);
    await page.getByTestId('side-menu').locator('[data-menu-id=certificates]').first().click();
    await expect(page).toHaveURL(/\/certificates$/);
    // The demo products are approved and on sale (other tests may have a newer version of one on moderation).
    await expect(
      page
        .getByTestId('product-row')
        .filter({ has: page.getByTestId('product-on-sale') })
        .first(),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Step 1: a name is required; nothing typed is lost when it is refused.
    await page.getByTestId('catalogue-add').click();
    await expect(page).toHaveURL(/\/certificates\/add$/);
    await expectStep(page, 'characteristics');
    await field(page, 'briefDescription').fill('A present for any occasion');
    await page.getByTestId('step-submit').click();
    await expect(fieldError(page, 'name')).toBeVisible();
    await expect(field(page, 'briefDescription')).toHaveValue('A present for any occasion');
    await field(page, 'name').fill(name);
    await field(page, 'productType').selectOption('services');
    await page.getByTestId('step-submit').click();
    await expect(page).toHaveURL(/\/certificates\/add\/denominations\?productId=[0-9a-f-]{36}$/);
    const productId = new URL(page.url()).searchParams.get('productId')!;

    // A step ahead of the first unfinished one sends the admin back to it.
    await page.goto(`/certificates/add/terms?productId=${productId}`);
    await expect(page).toHaveURL(/\/certificates\/add\/denominations\?productId=/);
    await expectStep(page, 'denominations');

    // Step 2: amounts typed in major units; one the form cannot read is refused at its field, the rest stays.
    await field(page, 'items.0.value').fill('1 000,50');
    await page.getByTestId('denomination-add').click();
    await field(page, 'items.1.value').fill('20 руб');
    await page.getByTestId('step-submit').click();
    await expect(fieldError(page, 'items.1.value')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expect(field(page, 'items.0.value')).toHaveValue('1 000,50');
    await field(page, 'items.1.value').fill('2000');
    await page.getByTestId('step-submit').click();
    await expect(page).toHaveURL(/\/certificates\/add\/information\?productId=/);
    await expectStep(page, 'information');

    // Step 3 is left half-done: the admin goes to the list.
    await radio(page, 'codeType', 'provider').click();
    await field(page, 'codePattern').fill('[0-9]{16}');
    await page.getByTestId('side-menu').locator('[data-menu-id=certificates]').first().click();
    await expect(page).toHaveURL(/\/certificates$/);
    await page.getByTestId('catalogue-search').fill(name);
    await expect(page).toHaveURL(/\?search=/);
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-status', 'draft');
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/certificates/${productId}$`));
    await expect(page.getByTestId('summary-denominations')).toContainText(/1\s000,50/);
    await page.getByTestId('product-resume').click();
    await expect(page).toHaveURL(/\/certificates\/add\/information\?productId=/);
    await expectStep(page, 'information');

    // Step 3 again: the server checks patterns (RE2: no back-references) and samples; its findings land at their fields.
    await radio(page, 'codeType', 'provider').click();
    await field(page, 'codePattern').fill('([0-9])\\1{15}');
    await page.getByTestId('step-submit').click();
    await expect(fieldError(page, 'codePattern')).toBeVisible();
    await field(page, 'codePattern').fill('[0-9]{16}');
    await field(page, 'sampleCode').fill('12345');
    await page.getByTestId('step-submit').click();
    await expect(fieldError(page, 'sampleCode')).toBeVisible();
    await expect(field(page, 'codePattern')).toHaveValue('[0-9]{16}');
    await field(page, 'sampleCode').fill('1234567890123456');
    await page.getByTestId('step-submit').click();
    await expect(page).toHaveURL(/\/certificates\/add\/terms\?productId=/);

    // Step 4: valid for 12 months, used once; one reception point.
    await expectStep(page, 'terms');
    await field(page, 'delivery').selectOption('noPhysicalGoods');
    await page.getByTestId('reception-point-add').click();
    await field(page, 'receptionPoints.0.region').fill('Moscow');
    await field(page, 'receptionPoints.0.city').fill('Moscow');
    await field(page, 'receptionPoints.0.street').fill('Tverskaya');
    await field(page, 'receptionPoints.0.house').fill('1');
    await field(page, 'receptionPoints.0.postcode').fill('125009');
    await page.getByTestId('step-submit').click();
    await expect(page).toHaveURL(/\/certificates\/add\/images\?productId=/);
    await expectStep(page, 'images');

    // Step 5: no image yet, so submitting waits and says why; two images go up, two are refused with their reasons.
    await expect(page.getByTestId('product-submit')).toBeDisabled();
    await expect(page.getByTestId('submit-reason')).toBeVisible();
    await page.getByTestId('images-input').setInputFiles(images.files);
    await expect(page.getByTestId('images-tile')).toHaveCount(2);
    const refusal = (file: string) => page.getByTestId('images-queue-item').filter({ hasText: file }).getByTestId('images-queue-state');
    await expect(refusal('small.png')).toContainText('1000×456');
    await expect(refusal('bomb.png')).toHaveText(RU['error.IMAGE_DATA_OUT_OF_PROPORTION']!);
    await expect(page.getByTestId('product-submit')).toBeEnabled();
    await page.getByTestId('product-submit').click();

    await expect(page).toHaveURL(new RegExp(`/certificates/${productId}$`));
    await expect(page.getByTestId('product-status')).toHaveAttribute('data-status', 'moderation');
    await expect(page.getByTestId('on-moderation')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The list says so too.
    await page.getByTestId('side-menu').locator('[data-menu-id=certificates]').first().click();
    await page.getByTestId('catalogue-status-filter').selectOption('moderation');
    await expect(page).toHaveURL(/status=moderation/);
    await expect(page.getByTestId('product-row').filter({ hasText: name })).toHaveAttribute('data-status', 'moderation');
  } finally {
    rmSync(images.dir, { recursive: true, force: true });
  }
});

test('the list shows each cover at 1440 px, not only on phones', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.admin);
  await page.goto('/certificates');
  const cover = page.getByTestId('product-row').locator('img').first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const box = (await cover.boundingBox())!;
  // 96 px wide at the banner's 1360:620.
  expect(Math.round(box.width)).toBe(96);
  expect(Math.round(box.height)).toBe(44);
});

test('dates are typed as DD.MM.YYYY in a Russian cabinet, whatever the browser’s language (en-US here)', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/certificates/add');
  await expectStep(page, 'characteristics');
  const date = field(page, 'expectedActivationDate');
  await expect(date).toHaveAttribute('placeholder', /^31\.12\.\d{4}$/);
  await field(page, 'name').fill(`E2E dated ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  await field(page, 'productType').selectOption('services');
  // Digits alone: the dots come by themselves. A day not yet whole is refused at its field and kept as typed.
  await date.pressSequentially('3112202');
  await expect(date).toHaveValue('31.12.202');
  await page.getByTestId('step-submit').click();
  await expect(fieldError(page, 'expectedActivationDate')).toBeVisible();
  await expect(date).toHaveValue('31.12.202');
  // The failed submit focuses the field, the caret at the end of what was typed. Typing before that would let
  // Playwright focus it, which puts the caret at the start ("31.12.2027" read "73.1.1220").
  await expect(date).toBeFocused();
  await date.pressSequentially('7');
  await expect(date).toHaveValue('31.12.2027');
  await page.getByTestId('step-submit').click();
  await expect(page).toHaveURL(/\/certificates\/add\/denominations\?productId=/);
  const productId = new URL(page.url()).searchParams.get('productId')!;

  // Saved as that day: the summary names it, and the step shows it again the cabinet's way.
  await page.goto(`/certificates/${productId}`);
  await expect(page.getByTestId('summary-characteristics')).toContainText('31 декабря 2027');
  await page.getByTestId('edit-characteristics').click();
  await expect(field(page, 'expectedActivationDate')).toHaveValue('31.12.2027');
});

test('a draft never sent to moderation can be deleted, and the moderators never saw it', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const { supplierItems } = await dataOf<{ supplierItems: { supplierId: string; status: string }[] }>(
    await request.get('/api/front/supplier/supplier/index', { headers }),
  );
  const supplierId = supplierItems.find((item) => item.status === 'active')!.supplierId;
  const name = `Draft ${Date.now().toString(36)}`;
  const created = await dataOf<{ id: string }>(
    await request.post('/api/front/supplier/catalogue/create', {
      headers,
      data: {
        supplierId,
        data: { name, website: 'https://tea.example.test', detailedTitle: 'Tea', cities: ['Moscow'], productType: 'food' },
      },
    }),
  );
  const staffHeaders = { Authorization: `Bearer ${await tokenOf(request, DEMO.moderator)}` };
  const staffSees = async () =>
    (
      await dataOf<{ total: number }>(
        await request.get(`/api/admin/products?search=${encodeURIComponent(name)}`, { headers: staffHeaders }),
      )
    ).total;
  expect(await staffSees()).toBe(0);

  await signIn(page, DEMO.admin);
  await page.goto(`/certificates/${created.id}`);
  await page.getByTestId('delete-draft').getByTestId('delete-product').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(name);
  await dialog.getByTestId('confirm-action').click();
  await expect(page).toHaveURL(/\/certificates$/);
  await expect(page.getByText(name)).toHaveCount(0);
  expect(
    (await request.get(`/api/front/supplier/catalogue/info?supplierId=${supplierId}&productId=${created.id}`, { headers })).status(),
  ).toBe(404);
});
