import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, seriousViolations, signIn } from './helpers';

/**
 * Decision 098 in the browser: the demo accountant schedules a report (from the menu on a desktop, from the sales
 * report's "Schedule" link on a phone), sees a refused address at its field, finds the schedule in the list, pauses
 * and resumes it and deletes it. At a phone's width and a desktop's, axe clean. The cabinet is Russian (the demo
 * accountant's language): the test goes by test ids, attributes and the addresses it typed.
 */

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])
  test(`at ${viewport.width}×${viewport.height} the accountant schedules a report, pauses it and deletes it`, async ({ browser }) => {
    test.setTimeout(90_000);
    // Other runs share the demo company: this one's schedule is the one mailed to its own address.
    const address = `books-${randomBytes(4).toString('hex')}@example.test`;
    const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.accountant);
      const form = page.getByTestId('schedule-form');
      if (viewport.width >= 1024) {
        await page.getByTestId('side-menu').locator('[data-menu-id=analyticsSchedules]').first().click();
        await expect(page).toHaveURL(/\/analytics\/schedules$/);
        await expect(page.getByTestId('schedules-add')).toBeEnabled();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByTestId('schedules-add').click();
        await expect(form.locator('[name=report]')).toHaveValue('sales');
        await form.locator('[name=report]').selectOption('redemption');
      } else {
        // From the report's page: the form opens with that report.
        await page.goto('/analytics/redemption');
        await page.getByTestId('export-schedule').click();
        await expect(page).toHaveURL(/\/analytics\/schedules\?report=redemption$/);
        await expect(form.locator('[name=report]')).toHaveValue('redemption');
      }
      // The page's language is the file's by default.
      await expect(form.locator('[name=language]')).toHaveValue('ru');

      // A refusal keeps what was typed and says why at the field.
      await form.getByTestId('schedule-recipients').fill(`${address}, not-an-address`);
      await form.getByTestId('schedule-submit').click();
      await expect(form.locator('[data-field-error=recipients]')).toBeVisible();
      await expect(form.getByTestId('schedule-recipients')).toHaveValue(`${address}, not-an-address`);
      expect(await seriousViolations(page)).toEqual([]);

      await form.locator('label').filter({ hasText: '1-го числа' }).click();
      await form.locator('[name=language]').selectOption('en');
      await form.getByTestId('schedule-recipients').fill(`${address}, boss@example.test`);
      await form.getByTestId('schedule-submit').click();
      await expect(form).toHaveCount(0);

      const row = page.getByTestId('schedule-row').filter({ hasText: address });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('boss@example.test');
      await expect(row).toContainText('English');
      await expect(row.getByTestId('schedule-status')).toHaveText('Работает');
      await expect(row.getByTestId('schedule-last-run')).toHaveText('Ещё ничего не отправлено');
      expect(await seriousViolations(page)).toEqual([]);

      await row.getByTestId('schedule-pause').click();
      await expect(row.getByTestId('schedule-status')).toHaveText('Приостановлена');
      await row.getByTestId('schedule-resume').click();
      await expect(row.getByTestId('schedule-status')).toHaveText('Работает');

      await row.getByTestId('schedule-delete').click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
      await expect(row).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
