import { regionDefaultColor } from '@contract/brand';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, DEMO_PASSWORD } from '../e2e/helpers';
import { GUIDE_LANGUAGES, screenFile, type GuideLanguage } from './guide-languages';

/**
 * Shoots the screens of the instruction (decision 63) from the real product on the demo data the server seeds:
 * office screens at 1440×900 on a desktop, the till at 390×844 on a touch phone, each in every guide language.
 * Run by `npm run docs:screenshots`; the guides in content/instruction/ reference the files by name.
 */

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const PARTLY_USED = { number: '7000000000000021', pin: '222222' };

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** A context whose interface speaks the guide's language on its region's host, as a person there sees it. */
async function openContext(browser: Browser, guide: GuideLanguage, device: typeof DESKTOP | typeof PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ ...device, locale: guide.locale });
  await context.addInitScript((locale) => localStorage.setItem('locale', locale), guide.locale);
  return context;
}

/**
 * The cabinet language is the person's own setting (it wins after sign-in): set it to the guide's. Asked on the
 * plain host: Node, unlike the browser, does not resolve `<region>.localhost`.
 */
async function setCabinetLanguage(request: APIRequestContext, email: string, guide: GuideLanguage): Promise<void> {
  const login = await request.post('/api/front/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBeTruthy();
  const { data } = (await login.json()) as { data: { accessToken: string } };
  const saved = await request.post('/api/front/user/account/set-settings', {
    headers: { Authorization: `Bearer ${data.accessToken}` },
    data: { preferredLanguage: guide.locale, preferredColor: regionDefaultColor(guide.region) },
  });
  expect(saved.ok()).toBeTruthy();
}

const originOf = (guide: GuideLanguage, baseURL: string | undefined) => `http://${guide.host}:${new URL(baseURL!).port}`;

/** Writes the page as it is now as a palette PNG: small, and sharp for interface text. */
async function save(page: Page, guide: GuideLanguage, name: string): Promise<void> {
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await sharp(shot).png({ palette: true, colours: 128, effort: 10, compressionLevel: 9 }).toFile(screenFile(guide.language, name));
}

/** Saves the page once it has its data, fonts and pictures. */
async function shoot(page: Page, guide: GuideLanguage, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await save(page, guide, name);
}

async function signIn(page: Page, origin: string, email: string, guide?: GuideLanguage): Promise<void> {
  await page.goto(`${origin}/login`);
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(DEMO_PASSWORD);
  if (guide) await shoot(page, guide, 'sign-in');
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('logout')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Scrolls the till's card to just under the sticky header: its status and the latest news come first. */
const showCardTop = (page: Page) =>
  page.getByTestId('certificate-card').evaluate((card) => window.scrollBy(0, card.getBoundingClientRect().top - 72));

async function open(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.locator('main h1').first()).toBeVisible();
}

for (const guide of GUIDE_LANGUAGES) {
  test.describe(`${guide.language} guide`, () => {
    test('admin: sign-in, companies, users, certificates, settings', async ({ browser, baseURL, request }) => {
      const origin = originOf(guide, baseURL);
      const context = await openContext(browser, guide, DESKTOP);
      await setCabinetLanguage(request, DEMO.admin, guide);
      const page = await context.newPage();
      await signIn(page, origin, DEMO.admin, guide);
      await open(page, origin, '/');
      await shoot(page, guide, 'dashboard');

      await open(page, origin, '/companies');
      // The list shows every demo company's status, and the rejected one's reason from the moderator.
      await shoot(page, guide, 'companies');
      await open(page, origin, '/companies/add');
      await field(page, 'name').fill('Demo Flowers');
      await field(page, 'webSite').fill('https://flowers.demo.test');
      await shoot(page, guide, 'company-wizard');

      await open(page, origin, '/users');
      await shoot(page, guide, 'users');
      await page.getByTestId('member-row').filter({ hasText: DEMO.redeemer }).getByRole('link').first().click();
      await expect(page.getByTestId('member-roles')).toBeVisible();
      await shoot(page, guide, 'user-roles');
      await open(page, origin, '/users/add');
      await field(page, 'secondName').fill('Kassirova');
      await field(page, 'firstName').fill('Olga');
      await field(page, 'email').fill('olga@demo.test');
      await shoot(page, guide, 'user-add');

      await open(page, origin, '/certificates');
      await shoot(page, guide, 'certificates');
      await open(page, origin, '/certificates/add');
      await field(page, 'name').fill('Demo Gifts: flowers');
      await shoot(page, guide, 'certificate-wizard');

      // Widgets and marketing, once their pages exist (the side menu gets an entry with its route).
      if (await page.getByTestId('side-menu').locator('[data-menu-id=widgets]').count()) {
        await open(page, origin, '/widget/add');
        await expect(page.getByTestId('widget-preview')).toBeVisible();
        await shoot(page, guide, 'widget-add');
      }
      if (await page.getByTestId('side-menu').locator('[data-menu-id=marketing]').count()) {
        await open(page, origin, '/marketing');
        await expect(page.getByTestId('posters')).toBeVisible();
        await shoot(page, guide, 'marketing');
      }

      await open(page, origin, '/account/settings');
      await shoot(page, guide, 'settings');
      await context.close();
    });

    test('accountant: the reports, the e-mailed report, the liability', async ({ browser, baseURL, request }) => {
      const origin = originOf(guide, baseURL);
      const context = await openContext(browser, guide, DESKTOP);
      await setCabinetLanguage(request, DEMO.accountant, guide);
      const page = await context.newPage();
      await signIn(page, origin, DEMO.accountant);

      await open(page, origin, '/analytics/sales?period=month');
      await expect(page.getByTestId('report-totals')).toBeVisible();
      await shoot(page, guide, 'analytics-sales');
      await page.getByTestId('export-mail').click();
      await expect(page.getByTestId('mail-form')).toBeVisible();
      await shoot(page, guide, 'analytics-mail');
      await page.keyboard.press('Escape');

      await open(page, origin, '/analytics/redemption?period=month');
      await expect(page.getByTestId('report-table')).toBeVisible();
      await shoot(page, guide, 'analytics-redemption');
      await open(page, origin, '/analytics/liability');
      await expect(page.getByTestId('liability-as-of')).toBeVisible();
      await shoot(page, guide, 'analytics-liability');
      await context.close();
    });

    test('redeemer: the till on a phone: check, result, redeem, offline, report', async ({ browser, baseURL, request }) => {
      const origin = originOf(guide, baseURL);
      const context = await openContext(browser, guide, PHONE);
      await setCabinetLanguage(request, DEMO.redeemer, guide);
      const page = await context.newPage();
      await signIn(page, origin, DEMO.redeemer);
      await page.goto(`${origin}/redemption`);
      await field(page, 'number').fill(PARTLY_USED.number);
      await field(page, 'pin').fill(PARTLY_USED.pin);
      await shoot(page, guide, 'till-check');

      await page.getByTestId('check').click();
      await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'active');
      await showCardTop(page);
      await shoot(page, guide, 'till-result');

      await field(page, 'amount').fill('100');
      await page.getByTestId('redeem').click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await shoot(page, guide, 'till-confirm');
      await dialog.getByTestId('confirm-action').click();
      await expect(page.getByTestId('redeem-success')).toBeVisible();
      await showCardTop(page);
      await shoot(page, guide, 'till-done');

      await context.setOffline(true);
      await expect(page.getByTestId('offline-reason')).toBeVisible();
      await page.getByTestId('redeem').evaluate((button) => button.scrollIntoView({ block: 'center' }));
      // Offline the health probe keeps retrying, so the network never idles: the banner is what to wait for.
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await save(page, guide, 'till-offline');
      await context.setOffline(false);

      await page.goto(`${origin}/analytics/redemption?period=month`);
      await expect(page.getByTestId('report-table')).toBeVisible();
      await shoot(page, guide, 'redemption-report');
      await context.close();
    });
  });
}
