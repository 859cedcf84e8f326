import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ES_BANK, esCif, RU_BANK, ruOgrn, ruOrganisationInn } from './companies-requisites';
import { createUser, dataOf, DEMO, seriousViolations, signIn, tokenOf } from './helpers';

/**
 * Issue 10 in the browser: the company wizard (four steps, each saved on the
 * server, resumed where it was left), moderation by marketplace staff, and
 * what an approved company opens (the header's switcher, the till). Admins are
 * fresh accounts with an English cabinet; the moderator's cabinet is Russian,
 * so the admin area goes by test ids.
 */

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const currentStep = (page: Page) => page.getByTestId('wizard-steps').locator('[aria-current=step]');

async function expectStep(page: Page, step: number) {
  await expect(currentStep(page)).toHaveAttribute('data-step', String(step));
}

async function saveStep(page: Page, next: number) {
  await page.getByTestId('wizard-next').click();
  await expectStep(page, next);
}

async function fillCompanyStep(page: Page, company: { name: string; tin: string; webSite: string }) {
  await field(page, 'name').fill(company.name);
  await field(page, 'tin').fill(company.tin);
  await field(page, 'webSite').fill(company.webSite);
}

async function submitForVerification(page: Page) {
  await expectStep(page, 4);
  // The last step reviews what will be sent, as the moderator will see it.
  const review = page.getByTestId('submit-review');
  for (const section of ['details-company', 'details-legal', 'details-bank']) await expect(review.getByTestId(section)).toBeVisible();
  // The offer must be accepted first.
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('[data-field-error=offer]')).toBeVisible();
  await field(page, 'offer').check();
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('waiting-verification')).toBeVisible();
}

/** A mail to `to` whose subject or text contains `text`, read from the dev outbox. */
async function expectMail(request: APIRequestContext, to: string, text: string) {
  await expect
    .poll(async () => {
      const answer = await request.get('/api/dev/outbox', { params: { to } });
      const { data } = (await answer.json()) as { data: { subject: string; text: string }[] };
      return data.some((mail) => `${mail.subject}\n${mail.text}`.includes(text));
    })
    .toBe(true);
}

/** The moderator, in a browser of their own: opens the company from the queue and decides. */
async function moderate(browser: Browser, name: string, decide: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.moderator);
  // Staff land in the admin area; its navigation leads to the queue.
  await expect(page).toHaveURL(/\/admin$/);
  await page.locator('[data-menu-id=adminCompanies]').click();
  await expect(page).toHaveURL(/\/admin\/companies$/);
  await page.getByTestId('moderation-item').filter({ hasText: name }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('details-bank')).toBeVisible();
  await decide(page);
  // Decided: back at the queue, where the company is no longer waiting.
  await expect(page).toHaveURL(/\/admin\/companies$/);
  await expect(page.getByTestId('moderation-item').filter({ hasText: name })).toHaveCount(0);
  await context.close();
}

test('an admin creates a RU company in four steps, leaves at step 2 and resumes; moderation rejects, the admin corrects, moderation approves; the till works for it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await createUser(request, 'company-ru', 'en-US');
  const name = `Volga Gifts ${Date.now().toString(36)}`;
  const legalName = `Limited Liability Company "${name}"`;
  const inn = ruOrganisationInn();
  await signIn(page, admin.email, admin.password);

  // The dashboard's button opens the wizard at step 1, with the region's country.
  await page.getByTestId('dashboard-create-company').click();
  await expect(page).toHaveURL(/\/companies\/add$/);
  await expectStep(page, 1);
  await expect(field(page, 'country')).toHaveValue('RU');
  await expect(page.getByLabel('INN (Russian tax number)')).toBeVisible();

  // A wrong INN is refused next to its field by the shared rules; nothing typed is lost.
  await fillCompanyStep(page, { name, tin: '7707083890', webSite: 'https://volga-gifts.example' });
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('[data-field-error=tin]')).toHaveText('Wrong tax id');
  await expect(field(page, 'name')).toHaveValue(name);
  await field(page, 'tin').fill(inn);
  await saveStep(page, 2);

  // Step 2: the RU organisation's fields; then the admin leaves before saving it.
  await field(page, 'legalType').selectOption('RU_OOO');
  await expect(page.getByLabel('KPP (tax registration reason code)')).toBeVisible();
  await expect(page.getByLabel('OGRN (state registration number)')).toBeVisible();
  await expect(field(page, 'inn')).toHaveValue(inn);
  await page.getByTestId('side-menu').locator('[data-menu-id=companies]').click();
  await expect(page).toHaveURL(/\/companies$/);
  const row = page.getByTestId('company-row').filter({ hasText: name });
  await expect(row.getByTestId('company-status')).toHaveAttribute('data-status', 'draft');

  // Coming back: "continue" resumes at the first unsaved step, and so does the wizard's own address after a reload.
  await row.getByTestId('company-continue').click();
  await expect(page).toHaveURL(/\/companies\/add\?supplierId=/);
  await expectStep(page, 2);
  await page.goto('/companies/add');
  await expectStep(page, 2);
  await expect(page.getByTestId('wizard-resumed')).toContainText(name);

  await field(page, 'legalType').selectOption('RU_OOO');
  await field(page, 'legalNameFull').fill(legalName);
  await field(page, 'headsFio').fill('Ivan Petrov');
  await field(page, 'headsPosition').fill('General Director');
  await field(page, 'kpp').fill(RU_BANK.kpp);
  await field(page, 'ogrn').fill('1027700132194');
  await field(page, 'phone').fill('+7 495 123-45-67');
  await field(page, 'legalAddress').fill('Moscow, Tverskaya 1');
  await field(page, 'hasCorrespondenceAddress').check();
  await page.getByTestId('wizard-next').click();
  // The OGRN's check digit is wrong; then the postal address, asked for by the box, is missing.
  await expect(page.locator('[data-field-error="ogrn"]')).toContainText('Check the OGRN');
  await field(page, 'ogrn').fill(ruOgrn());
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('[data-field-error="correspondenceAddress"]')).toHaveText('Fill in the field');
  await field(page, 'correspondenceAddress').fill('Moscow, PO Box 12');
  await saveStep(page, 3);

  // Step 3: a BIK the directory does not know is said at once; a known one fills in the bank's name.
  await field(page, 'bik').fill('044525999');
  await expect(page.locator('[data-field-error=bik]')).toHaveText('BIK not found');
  await field(page, 'bik').fill(RU_BANK.bik);
  await expect(page.locator('[data-field-error=bik]')).toHaveCount(0);
  await expect(field(page, 'bankName')).not.toHaveValue('');
  await field(page, 'checkingAccount').fill('40702810438000034727');
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('[data-field-error=checkingAccount]')).toHaveText('Incorrect account number');
  await field(page, 'checkingAccount').fill(RU_BANK.checkingAccount);
  await saveStep(page, 4);
  await submitForVerification(page);
  await expect(page.getByTestId('waiting-verification')).toContainText('about one business day');
  await expectMail(request, admin.email, 'is on moderation');

  // The moderator sends it back with a reason.
  const reason = `The head's job title must match the register (${Date.now().toString(36)})`;
  await moderate(browser, legalName, async (moderator) => {
    await moderator.getByTestId('moderation-reject').click();
    const dialog = moderator.getByRole('dialog');
    await dialog.getByTestId('moderation-reject-confirm').click();
    await expect(dialog.locator('[data-field-error=reason]')).toBeVisible();
    await dialog.locator('textarea[name=reason]').fill(reason);
    await dialog.getByTestId('moderation-reject-confirm').click();
  });
  await expectMail(request, admin.email, reason);

  // The admin sees "Rejected" and the reason, corrects and submits again.
  await page.goto('/companies');
  await expect(row.getByTestId('company-status')).toHaveText('Rejected');
  // Named as typed at step 1, the full legal name beside it.
  await expect(row).toContainText(legalName);
  await expect(row.getByTestId('company-rejection-reason')).toContainText(reason);
  await row.getByTestId('company-edit').click();
  await expectStep(page, 1);
  await expect(page.getByTestId('wizard-rejection-reason')).toHaveText(reason);
  await saveStep(page, 2);
  await expect(field(page, 'headsPosition')).toHaveValue('General Director');
  await field(page, 'headsPosition').fill('Director General');
  await saveStep(page, 3);
  await expect(field(page, 'bik')).toHaveValue(RU_BANK.bik);
  await saveStep(page, 4);
  await submitForVerification(page);

  // The moderator approves.
  await moderate(browser, legalName, async (moderator) => {
    await moderator.getByTestId('moderation-approve').click();
    await moderator.getByRole('alertdialog').getByTestId('confirm-action').click();
  });
  await expectMail(request, admin.email, 'has passed moderation');

  // Moderated: the details say so, with the history; the offer downloads; the header offers the company.
  await page.goto('/companies');
  await expect(row.getByTestId('company-status')).toHaveText('Moderated');
  await row.getByTestId('company-details').click();
  await expect(page.getByTestId('details-history').locator('li')).toHaveCount(4);
  await expect(page.getByTestId('details-legal')).toContainText('Director General');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('details-download-offer').click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Its admin turns the cardholders' balance notices off: the box moves at once and stays off after a reload.
  const notices = page.getByTestId('holder-notices');
  await expect(notices).toBeChecked();
  await Promise.all([page.waitForResponse((answer) => answer.url().includes('/holder-notices') && answer.ok()), notices.uncheck()]);
  await page.reload();
  await expect(page.getByTestId('holder-notices')).not.toBeChecked();
  await page.getByTestId('holder-notices').check();

  const trigger = page.getByTestId('company-menu').getByRole('button');
  await trigger.click();
  await page.getByRole('menuitemradio', { name: legalName }).click();
  await expect(trigger).toContainText(legalName);

  // The till works for it: a certificate of another company is "not found", not a refusal of the company.
  await page.goto('/redemption');
  await field(page, 'number').fill('7000000000000013');
  await field(page, 'pin').fill('111111');
  await page.getByTestId('check').click();
  await expect(page.getByTestId('result-band')).toHaveAttribute('data-state', 'refused');
  await expect(page.getByTestId('result-band')).toContainText('Not found in this company');
  await expect(page.getByText('Supplier not found')).toHaveCount(0);
});

test('es.localhost: a Spanish S.L. with NIF, IBAN and SWIFT, left at step 2 and resumed, then submitted', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = `http://es.localhost:${new URL(baseURL!).port}`;
  const admin = await createUser(request, 'company-es', 'es-ES');
  const name = `Regalos Sol ${Date.now().toString(36)}`;
  await signIn(page, admin.email, admin.password, origin);

  await page.goto(`${origin}/companies/add`);
  await expectStep(page, 1);
  await expect(field(page, 'country')).toHaveValue('ES');
  await expect(page.getByLabel('NIF', { exact: true })).toBeVisible();
  // A NIF with a wrong control character is refused.
  await fillCompanyStep(page, { name, tin: 'B12345678', webSite: 'https://regalos-sol.example' });
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('[data-field-error=tin]')).toHaveText('NIF incorrecto');
  await field(page, 'tin').fill(esCif());
  await saveStep(page, 2);

  // Leaving at step 2 and coming back resumes there.
  await page.goto(`${origin}/companies`);
  await page.goto(`${origin}/companies/add`);
  await expectStep(page, 2);
  await field(page, 'legalType').selectOption('ES_SL');
  await expect(field(page, 'kpp')).toHaveCount(0);
  await field(page, 'legalNameFull').fill(`${name} S.L.`);
  await field(page, 'headsFio').fill('Lucía Martín');
  await field(page, 'headsPosition').fill('Administradora');
  await field(page, 'phone').fill('+34 912 345 678');
  await field(page, 'legalAddress').fill('Calle Mayor 1, Madrid');
  await saveStep(page, 3);

  // Step 3: IBAN and SWIFT, whose countries must match.
  await expect(page.getByLabel('IBAN (número de cuenta)')).toBeVisible();
  await field(page, 'iban').fill('ES91 2100 0418 4502 0005 1332');
  await field(page, 'swift').fill(ES_BANK.otherSwift);
  await field(page, 'bankName').fill('CaixaBank');
  await field(page, 'bankAddress').fill('Calle Pintor Sorolla 2-4, Valencia');
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('[data-field-error=swift]')).toBeVisible();
  await expect(field(page, 'iban')).toHaveValue('ES91 2100 0418 4502 0005 1332');
  await field(page, 'swift').fill(ES_BANK.swift);
  await saveStep(page, 4);
  await submitForVerification(page);

  // Its page shows the Spanish requisites, and the offer accepted in Spanish downloads.
  await page.getByTestId('waiting-verification').getByRole('link').first().click();
  await expect(page.getByTestId('details-company')).toContainText('NIF');
  await expect(page.getByTestId('details-bank')).toContainText(ES_BANK.iban);
  await expect(page.getByTestId('details-bank')).toContainText(ES_BANK.swift);
  await expect(page.getByTestId('company-status').first()).toHaveAttribute('data-status', 'moderation');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('details-download-offer').click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('a draft never submitted can be cancelled after a confirmation; "start another company" leaves it in the list', async ({
  page,
  request,
}) => {
  const admin = await createUser(request, 'company-cancel', 'en-US');
  await signIn(page, admin.email, admin.password);
  await page.goto('/companies/add');
  const first = `First Draft ${Date.now().toString(36)}`;
  await fillCompanyStep(page, { name: first, tin: ruOrganisationInn(), webSite: 'https://first.example' });
  await saveStep(page, 2);

  // A reset starts a new company at step 1 with nothing completed; the draft stays.
  await page.goto('/companies/add');
  await page.getByTestId('wizard-start-another').click();
  await expectStep(page, 1);
  await expect(page.getByTestId('wizard-steps').locator('[data-completed=true]')).toHaveCount(0);
  await expect(field(page, 'name')).toHaveValue('');

  // The second draft is dropped from the wizard itself, at any step.
  const second = `Second Draft ${Date.now().toString(36)}`;
  await fillCompanyStep(page, { name: second, tin: ruOrganisationInn(), webSite: 'https://second.example' });
  await saveStep(page, 2);
  await page.getByTestId('wizard-cancel').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(second);
  await dialog.getByTestId('confirm-action').click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByTestId('company-row').filter({ hasText: second })).toHaveCount(0);

  // The first, from the list.
  const row = page.getByTestId('company-row').filter({ hasText: first });
  await row.getByTestId('company-cancel').click();
  await expect(dialog).toContainText(first);
  // Cancel has the first focus: Enter never deletes by accident.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('company-cancel').click();
  await dialog.getByTestId('confirm-action').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('You have no companies yet')).toBeVisible();
  // The wizard starts afresh: nothing of the cancelled drafts is offered.
  await page.getByTestId('companies-add').click();
  await expectStep(page, 1);
  await expect(page.getByTestId('wizard-resumed')).toHaveCount(0);
});

/** A browser of one's own: each person signs in with their own cabinet language. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

test('the header offers only moderated companies, with the companies pages for admins; staff reach the admin area, suppliers never', async ({
  browser,
}) => {
  const admin = await signedIn(browser, DEMO.admin);
  const trigger = admin.getByTestId('company-menu').getByRole('button');
  await trigger.click();
  // The demo admin has companies in every status; only the two active ones can be chosen.
  await expect(admin.getByRole('menuitemradio')).toHaveCount(2);
  await expect(admin.locator('[data-menu-action]')).toHaveCount(2);
  await admin.locator('[data-menu-action=all-companies]').click();
  await expect(admin).toHaveURL(/\/companies$/);
  for (const status of ['draft', 'moderation', 'rejected', 'active'])
    await expect(admin.locator(`[data-testid=company-row][data-status=${status}]`).first()).toBeVisible();
  // Branches come after their parent, inside it.
  await expect(admin.getByTestId('companies-tree').locator('ul [data-testid=company-row]')).not.toHaveCount(0);
  await expect(admin.getByTestId('admin-area-link')).toHaveCount(0);
  await admin.goto('/admin/companies');
  await expect(admin).toHaveURL(/\/403$/);
  await admin.context().close();

  // The accountant: a company to choose, and no companies pages.
  const accountant = await signedIn(browser, DEMO.accountant);
  await accountant.getByTestId('company-menu').getByRole('button').click();
  await expect(accountant.getByRole('menuitemradio')).toHaveCount(1);
  await expect(accountant.locator('[data-menu-action]')).toHaveCount(0);
  await accountant.keyboard.press('Escape');
  await accountant.goto('/companies');
  await expect(accountant).toHaveURL(/\/403$/);
  await accountant.context().close();

  // Staff land in the admin area and reach it from the default layout too.
  const staff = await signedIn(browser, DEMO.moderator);
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.goto('/');
  await staff.getByTestId('admin-area-link').click();
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.context().close();
});

test('marketplace staff are offered no company of their own: no "Create a company", no supplier pages, and the API refuses one', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO.moderator);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('dashboard-admin')).toBeVisible();
  await expect(page.getByTestId('dashboard-create-company')).toHaveCount(0);
  await expect(page.getByTestId('dashboard-companies')).toHaveCount(0);
  // The side menu derives from the routes: the dashboard and the settings, no companies; no company switcher.
  await expect(page.locator('[data-menu-id=dashboard]').first()).toBeVisible();
  await expect(page.locator('[data-menu-id=companies]')).toHaveCount(0);
  await expect(page.getByTestId('company-menu')).toHaveCount(0);
  for (const path of ['/companies/add', '/companies', '/certificates', '/users']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/403$/);
  }

  const created = await request.post('/api/front/supplier/supplier/create', {
    headers: { Authorization: `Bearer ${await tokenOf(request, DEMO.moderator)}` },
    data: { tin: ruOrganisationInn(), name: 'Staff Co', country: 'RU', webSite: 'https://staff.example.test' },
  });
  expect(created.status()).toBe(403);
  expect(((await created.json()) as { error: { code: string } }).error.code).toBe('STAFF_CANNOT_CREATE_COMPANY');
});

/** A company of the admin's made through the API, taken to `status` (the moderator decides through the API too). */
async function companyIn(request: APIRequestContext, token: string, status: 'draft' | 'moderation' | 'rejected' | 'active') {
  const headers = { Authorization: `Bearer ${token}` };
  const call = (path: string, data: unknown) => request.post(`/api/front/supplier${path}`, { headers, data });
  const tin = ruOrganisationInn();
  const name = `${status} ${Date.now().toString(36)}`;
  const { supplierId } = await dataOf<{ supplierId: string }>(
    await call('/supplier/create', { tin, name, country: 'RU', webSite: 'https://parent.example.test' }),
  );
  if (status === 'draft') return { supplierId, name };
  const data = {
    legalNameFull: `${name} LLC`,
    headsFio: 'Ivan Petrov',
    headsPosition: 'Director',
    inn: tin,
    kpp: RU_BANK.kpp,
    ogrn: ruOgrn(),
    phone: '+7 495 123-45-67',
    legalAddress: 'Moscow, Tverskaya 1',
  };
  await dataOf(await call('/legal-data/add', { supplierId, country: 'RU', legalType: 'RU_OOO', data }));
  await dataOf(
    await call('/bank-account/add', {
      supplierId,
      country: 'RU',
      bik: RU_BANK.bik,
      checkingAccount: RU_BANK.checkingAccount,
      bankName: 'Sberbank',
    }),
  );
  await dataOf(await call('/supplier/submit', { supplierId, language: 'en-US' }));
  if (status !== 'moderation') {
    const staff = { Authorization: `Bearer ${await tokenOf(request, DEMO.moderator)}` };
    const decision = status === 'active' ? 'approve' : 'reject';
    await dataOf(await request.post(`/api/admin/suppliers/${supplierId}/${decision}`, { headers: staff, data: { reason: 'No.' } }));
  }
  return { supplierId, name: data.legalNameFull };
}

test('the parent select lists only the admin’s active companies, and a branch is saved under one; a name too long is told its limit', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await createUser(request, 'parents', 'en-US');
  const token = await tokenOf(request, admin.email, admin.password);
  const active = await companyIn(request, token, 'active');
  for (const status of ['draft', 'moderation', 'rejected'] as const) await companyIn(request, token, status);

  await signIn(page, admin.email, admin.password);
  await page.goto('/companies/add');
  await expectStep(page, 1);
  const parent = field(page, 'parentSupplierId');
  await expect(parent.locator('option')).toHaveCount(2);
  await expect(parent.locator('option').nth(1)).toHaveText(active.name);
  await expect(parent.locator('option').nth(1)).toHaveAttribute('value', active.supplierId);

  // A refusal for length says the limit (decision 078).
  await fillCompanyStep(page, { name: 'N'.repeat(101), tin: ruOrganisationInn(), webSite: 'https://branch.example' });
  await page.getByTestId('wizard-next').click();
  await expect(page.locator('[data-field-error=name]')).toHaveText('Maximum length 100');
  await field(page, 'name').fill(`Branch ${Date.now().toString(36)}`);
  await parent.selectOption(active.supplierId);
  await saveStep(page, 2);
  await page.goto('/companies');
  const branches = page.getByTestId('company-row').filter({ hasText: active.name }).locator('ul [data-testid=company-row]');
  await expect(branches).toHaveCount(1);
});

test('axe: the companies pages and the moderation pages have no serious violations', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  await page.goto('/companies');
  await expect(page.getByTestId('companies-tree')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator('[data-testid=company-row][data-status=active] > div [data-testid=company-details]').first().click();
  await expect(page.getByTestId('details-company')).toBeVisible();
  // An active company's page ends with its settings: the holders' notices and the failed-check alerts.
  await expect(page.getByTestId('holder-notices')).toBeVisible();
  await expect(page.getByTestId('lookup-alert-settings').locator('input').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The rejected demo company, in the wizard's edit mode: the steps and a form.
  await page.goto('/companies');
  await page.locator('[data-testid=company-row][data-status=rejected] > div [data-testid=company-edit]').click();
  await expectStep(page, 1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('wizard-steps').locator('[data-step="2"]').click();
  await expectStep(page, 2);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('wizard-steps').locator('[data-step="4"]').click();
  await expectStep(page, 4);
  expect(await seriousViolations(page)).toEqual([]);

  const staff = await signedIn(browser, DEMO.moderator);
  await staff.goto('/admin/companies');
  await expect(staff.getByTestId('moderation-queue')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  // The demo company waiting for moderation (the other tests decide only their own companies).
  await staff.getByTestId('moderation-item').filter({ hasText: 'Demo Toys' }).getByRole('link').click();
  await expect(staff.getByTestId('details-company')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.getByTestId('moderation-reject').click();
  await expect(staff.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
});

test('long lists on a desktop: the country is found by typing and its list scrolls at 14rem (SPEC §9)', async ({ page, request }) => {
  const admin = await createUser(request, 'choices', 'en-US');
  await signIn(page, admin.email, admin.password);
  await page.goto('/companies/add');
  await expectStep(page, 1);
  const country = page.getByRole('combobox', { name: 'Country' });
  await expect(country).toHaveText(/Russia/);
  // Letters typed on the closed list pick the option they start; a pause starts the typing anew.
  await country.focus();
  await page.keyboard.press('k');
  await expect(country).toHaveText(/Kazakhstan/);
  await expect(field(page, 'country')).toHaveValue('KZ');
  await page.waitForTimeout(600);
  await page.keyboard.type('sp');
  await expect(field(page, 'country')).toHaveValue('ES');
  // Open, the list is 14rem high at most; Escape closes it and the focus stays on the field.
  await country.click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(4);
  expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('224px');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(country).toBeFocused();
});
