import { readFile } from 'node:fs/promises';
import { parseString } from '@fast-csv/parse';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { luhnCheckDigit } from '../../src/contract/luhn';
import { dataOf, DEMO, seriousViolations, signIn, tokenOf, uniqueEmail } from './helpers';

/**
 * Issue 33: the audit log a person reads. An admin's invitation is written; the admin finds it by kind and by person
 * (both kept in the address), takes the same entries away as a CSV read by a CSV parser, and the accountant, who
 * reads only the money part, does not see it. The demo cabinet speaks Russian: the test goes by test ids and data.
 */

/** An invitation to Demo Gifts of a person with a name no other test uses. */
async function invite(request: APIRequestContext): Promise<string> {
  const admin = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const info = await dataOf<{ memberships: { supplierId: string; supplierName: string }[] }>(
    await request.get('/api/front/user/account/get-info', { headers: admin }),
  );
  const supplierId = info.memberships.find((membership) => membership.supplierName === 'Demo Gifts')!.supplierId;
  const secondName = `Auditova${Date.now().toString(36)}`;
  await dataOf(
    await request.post('/api/front/supplier/users/add', {
      headers: admin,
      data: { supplierId, secondName, firstName: 'Vera', email: uniqueEmail('audit'), phone: '+7 900 123-45-67', roles: ['roleRedeemer'] },
    }),
  );
  return `${secondName} Vera`;
}

const csvRows = (text: string) =>
  new Promise<string[][]>((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text, { delimiter: ';' })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });

test('an admin filters the audit log by kind and person in the address and downloads it; the accountant sees money only', async ({
  page,
  browser,
  request,
}) => {
  const invitee = await invite(request);
  await signIn(page, DEMO.admin);
  await page.getByTestId('side-menu').locator('[data-menu-id=analyticsAudit]').click();
  await expect(page).toHaveURL(/\/analytics\/audit/);
  const row = page.getByTestId('audit-table').locator('tr', { hasText: invitee });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td[data-column=person]')).toHaveText('Adminova Anna');

  await page.getByTestId('audit-kind').selectOption('access');
  await expect(page).toHaveURL(/kind=access/);
  await expect(row).toHaveCount(1);
  await row.locator('td[data-column=person] button').click();
  await expect(page).toHaveURL(/userId=/);
  await expect(page.getByTestId('audit-person')).toContainText('Adminova Anna');
  await expect(row).toHaveCount(1);
  // The filters are the address: a reload keeps them.
  await page.reload();
  await expect(page.getByTestId('audit-person')).toBeVisible();
  await expect(row).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await csvRows(await readFile((await download.path())!, 'utf8'));
  expect(rows[0]).toEqual(['Дата', 'Действие', 'Кто', 'E-mail', 'О ком', 'Сертификат', 'Подробности']);
  expect(rows.find((line) => line[4] === invitee)?.slice(1, 4)).toEqual(['Приглашение отправлено', 'Adminova Anna', 'admin@demo.test']);
  expect(rows.slice(1).every((line) => line[2] === 'Adminova Anna')).toBe(true);

  await page.getByTestId('audit-person').getByRole('button').click();
  await expect(page).not.toHaveURL(/userId=/);
  await expect(page.getByTestId('audit-person')).toHaveCount(0);

  const accountant = await browser.newContext();
  const books = await accountant.newPage();
  await signIn(books, DEMO.accountant);
  await books.goto('/analytics/audit?period=year');
  await expect(books.getByTestId('report-empty').or(books.getByTestId('audit-table'))).toBeVisible();
  await expect(books.getByTestId('audit-kind')).toHaveCount(0);
  await expect(books.getByText(invitee)).toHaveCount(0);
  await accountant.close();
});

/** Demo Gifts' id, as its admin sees it. */
async function demoGifts(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const info = await dataOf<{ memberships: { supplierId: string; supplierName: string }[] }>(
    await request.get('/api/front/user/account/get-info', { headers }),
  );
  return info.memberships.find((membership) => membership.supplierName === 'Demo Gifts')!.supplierId;
}

/** A 16-digit number with its check digit that no certificate has (the platform's numbers start with 7). */
const unknownNumber = (index: number): string => {
  const body = `9${Date.now().toString().slice(-10)}${String(index).padStart(4, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

test('a failed-lookup alert shows on the admin’s dashboard and its link opens the audit log filtered to it; the till shows none', async ({
  page,
  browser,
  request,
}) => {
  // A register of its own (a company API key) fails more checks than the default threshold (10 an hour), all at once.
  const admin = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const supplierId = await demoGifts(request, admin);
  const name = `Register ${Date.now().toString(36)}`;
  const key = await dataOf<{ secret: string }>(
    await request.post('/api/front/integrations/keys/create', { headers: admin, data: { supplierId, name, scopes: ['check'] } }),
  );
  const answers = await Promise.all(
    Array.from({ length: 11 }, (_, index) =>
      request.post('/api/company/v1/certificates/check', {
        headers: { Authorization: `Bearer ${key.secret}` },
        data: { number: unknownNumber(index), pin: '111111' },
      }),
    ),
  );
  expect(answers.map((answer) => answer.status())).toEqual(Array(11).fill(404));

  await signIn(page, DEMO.admin);
  const card = page.getByTestId('dashboard-lookup-alerts');
  await expect(card).toBeVisible();
  const alert = card.getByTestId('dashboard-lookup-alert').filter({ hasText: name });
  await expect(alert).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await alert.getByTestId('dashboard-lookup-alert-link').click();
  await expect(page).toHaveURL(/\/analytics\/audit\?.*kind=money/);
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('audit-kind')).toHaveValue('money');
  // The register's failed checks are there, by its name.
  const rows = page.getByTestId('audit-table').locator('tr', { hasText: name });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(11);

  // The till cannot follow the link, and is shown no card.
  const till = await browser.newContext();
  const tillPage = await till.newPage();
  await signIn(tillPage, DEMO.redeemer);
  await tillPage.getByTestId('side-menu').locator('[data-menu-id=dashboard]').first().click();
  await expect(tillPage.getByTestId('dashboard-today-count')).toBeVisible();
  await expect(tillPage.getByTestId('dashboard-lookup-alerts')).toHaveCount(0);
  await till.close();
});

test('staff open a company’s audit log from its review page; the log names the company and leads back to it', async ({ page, request }) => {
  const admin = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  const info = await dataOf<{ memberships: { supplierId: string; supplierName: string }[] }>(
    await request.get('/api/front/user/account/get-info', { headers: admin }),
  );
  const supplierId = info.memberships.find((membership) => membership.supplierName === 'Demo Gifts')!.supplierId;
  await signIn(page, DEMO.moderator);
  await page.goto(`/admin/companies/${supplierId}`);
  await page.getByTestId('moderation-audit').click();
  await expect(page).toHaveURL(new RegExp(`/admin/companies/${supplierId}/audit`));
  await expect(page.getByTestId('audit-table').locator('tbody tr').first()).toBeVisible();
  const back = page.getByTestId('audit-company');
  await expect(back).toContainText('Demo Gifts LLC');
  expect(await seriousViolations(page)).toEqual([]);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/admin/companies/${supplierId}$`));
  await expect(page.getByTestId('moderation-audit')).toBeVisible();
});
