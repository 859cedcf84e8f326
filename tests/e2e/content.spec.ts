import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Page } from '@playwright/test';
import { pdfText } from '../api/support/pdf';
import { createUser, DEMO, signIn } from './helpers';

/** The documents of decision 60: pages and their PDFs from one source, linked from the footer and registration. */

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** A downloaded PDF's text, page numbers left out (they fall inside paragraphs that run on to the next page). */
const downloadedText = async (download: Download): Promise<string> =>
  squeeze(pdfText(readFileSync(await download.path())).replace(/^\d+ \/ \d+$/gm, ''));

/** Every heading, paragraph and list item the document page shows. */
const pageTexts = async (page: Page, document: string): Promise<string[]> =>
  (await page.getByTestId(`document-${document}`).locator('h1, h2, h3, p, li, figcaption').allInnerTexts()).map(squeeze).filter(Boolean);

/** The page's text and its downloaded PDF's agree. */
async function expectPdfAgrees(page: Page, document: string): Promise<void> {
  const texts = await pageTexts(page, document);
  expect(texts.length).toBeGreaterThan(10);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('document-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^certdesk-${document}-[a-z]{2}\\.pdf$`));
  const pdf = await downloadedText(download);
  for (const text of texts) expect(pdf).toContain(text);
}

test('ru: the footer links the privacy policy page and downloads the offer PDF; no contacts', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const footer = page.getByTestId('footer');
  await expect(footer.getByTestId('old-site-link')).toBeVisible();
  await expect(footer.getByTestId('contacts-link')).toHaveCount(0);

  const [offer] = await Promise.all([page.waitForEvent('download'), footer.getByTestId('offer-link').click()]);
  // In the account's language, which other tests of the shared demo admin may change (the es site makes it es-ES).
  expect(offer.suggestedFilename()).toMatch(/^certdesk-offer-(ru|en|es|fr|kz|by)\.pdf$/);
  expect(await downloadedText(offer)).toContain(squeeze('Certdesk'));

  await footer.getByTestId('privacy-link').click();
  await expect(page).toHaveURL(/\/content\/privacy-policy$/);
  const document = page.getByTestId('document-privacy-policy');
  await expect(document.getByRole('heading', { level: 1 })).toBeVisible();
  // Signed in, the document opens inside the portal, menu and all.
  await expect(page.getByTestId('logout')).toBeVisible();
  await expectPdfAgrees(page, 'privacy-policy');
});

test('es: the offer is an in-app page that agrees with its PDF, and the contacts page is linked', async ({ page, baseURL, request }) => {
  const origin = `http://es.localhost:${new URL(baseURL!).port}`;
  // A person of its own: signing in on the es site makes the account Spanish, which the demo admin's other tests must not meet.
  const person = await createUser(request, 'es-documents');
  await signIn(page, person.email, person.password, origin);
  const footer = page.getByTestId('footer');
  await footer.getByTestId('offer-link').click();
  await expect(page).toHaveURL(/\/content\/offer$/);
  await expect(page.getByRole('heading', { level: 1, name: /Oferta pública/ })).toBeVisible();
  await expectPdfAgrees(page, 'offer');

  await footer.getByTestId('contacts-link').click();
  await expect(page).toHaveURL(/\/contacts$/);
  const contacts = page.getByTestId('document-contacts');
  await expect(contacts.getByRole('link', { name: 'soporte@certdesk.es' })).toHaveAttribute('href', 'mailto:soporte@certdesk.es');
  await expect(contacts).toContainText('Calle de Alcalá 123');
  await expect(page.getByTestId('document-pdf')).toHaveCount(0);
});

test('signed out: registration links the offer (a page on es, the PDF elsewhere); the documents read on a phone', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL!).port;
  await page.goto('/register');
  await expect(page.getByRole('link', { name: /offer/i })).toHaveAttribute('href', /\/api\/front\/content\/offer\/pdf\?language=en$/);

  await page.goto(`http://es.localhost:${port}/register`);
  const link = page.getByRole('link', { name: /offer/i });
  await expect(link).toHaveAttribute('href', '/content/offer');
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(tab.getByTestId('document-offer').getByRole('heading', { level: 1 })).toBeVisible();
  // No sign-in asked: the plain layout with the footer.
  await expect(tab).toHaveURL(/\/content\/offer$/);
  await expect(tab.getByTestId('footer')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/content/privacy-policy', '/contacts']) {
    await page.goto(`http://es.localhost:${port}${path}`);
    await expect(page.locator('article h1')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});

test('marketing: the admin finds the widgets and downloads a poster in the language chosen', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByTestId('side-menu').locator('[data-menu-id="marketing"]').click();
  await expect(page).toHaveURL(/\/marketing$/);
  await expect(page.getByTestId('widget-shelf')).toBeVisible();
  const posters = page.getByTestId('posters');
  const first = posters.getByTestId('poster-item').first();
  const name = (await first.locator('span').innerText()).trim();
  await posters.getByTestId('language-select').selectOption('es-ES');
  const [download] = await Promise.all([page.waitForEvent('download'), first.getByTestId('poster-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^certdesk-poster-[\da-f]{8}-es\.pdf$/);
  const text = await downloadedText(download);
  expect(text).toContain(squeeze(name));
  expect(text).toContain('TARJETAREGALO');
});

test('axe: the documents, signed out, have no serious violations', async ({ page }) => {
  for (const path of ['/content/offer', '/contacts']) {
    await page.goto(path);
    await expect(page.locator('article h1')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      path,
    ).toEqual([]);
  }
});
