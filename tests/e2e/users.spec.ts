import { expect, test, type Page } from '@playwright/test';
import { createUser, DEMO, readLink, signIn, uniqueEmail, USER_PASSWORD } from './helpers';

/**
 * Issue 11 in the browser: the demo admin staffs the selected company with a
 * cashier, who joins through the mailed invitation and lands on the till; a
 * block sends the cashier's open page to /login at its next action and refuses
 * sign-in; an unblock lets them in again. Both cabinets are Russian (the demo
 * admin's, and the invitee's from the company's region), so the test goes by
 * field names and test ids.
 */

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function addRedeemer(admin: Page, email: string) {
  await admin.getByTestId('side-menu').locator('[data-menu-id=users]').first().click();
  await expect(admin).toHaveURL(/\/users$/);
  await admin.getByTestId('users-add').click();
  await expect(admin).toHaveURL(/\/users\/add$/);
  await field(admin, 'secondName').fill('Kassova');
  await field(admin, 'firstName').fill('Nina');
  await field(admin, 'email').fill(email);
  await field(admin, 'phone').fill('+7 900 555-01-02');
  // At least one role: sending none is refused at the field, and nothing typed is lost.
  await admin.getByTestId('member-add-submit').click();
  await expect(admin.locator('[data-field-error=roles]')).toBeVisible();
  await expect(field(admin, 'email')).toHaveValue(email);
  await admin
    .getByTestId('checkbox-group-roles')
    .locator('[data-part=root]')
    .filter({ has: admin.locator('input[value=roleRedeemer]') })
    .click();
  await admin.getByTestId('member-add-submit').click();
  await expect(admin).toHaveURL(/\/users\/user\/[0-9a-f-]{36}$/);
  await expect(admin.getByTestId('member-details').getByTestId('member-status')).toHaveAttribute('data-status', 'invited');
}

/** The sign-in form by field names: the page speaks the cashier's language (Russian) by now. */
async function submitSignIn(page: Page, email: string) {
  await field(page, 'email').fill(email);
  await field(page, 'password').fill(USER_PASSWORD);
  await page.locator('button[type=submit]').click();
}

async function confirmAccessChange(admin: Page, button: 'member-block' | 'member-unblock', status: 'blocked' | 'active') {
  await admin.getByTestId(button).click();
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByTestId('confirm-action').click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId('member-details').getByTestId('member-status')).toHaveAttribute('data-status', status);
}

test('an invited cashier joins and lands on the till; a block sends them to /login, an unblock lets them back', async ({
  page: admin,
  browser,
  request,
}) => {
  const email = uniqueEmail('cashier');
  await signIn(admin, DEMO.admin);
  await addRedeemer(admin, email);

  const context = await browser.newContext();
  const cashier = await context.newPage();
  await cashier.goto(await readLink(request, email, 'invitation'));
  await expect(cashier.getByTestId('invitation-form')).toContainText(email);
  await field(cashier, 'password').fill(USER_PASSWORD);
  await field(cashier, 'repeatPassword').fill(USER_PASSWORD);
  await cashier.getByTestId('invitation-submit').click();
  await expect(cashier).toHaveURL(/\/redemption$/);
  await expect(field(cashier, 'number')).toBeVisible();

  // The admin sees the cashier joined, and blocks them.
  await admin.reload();
  await expect(admin.getByTestId('member-details').getByTestId('member-status')).toHaveAttribute('data-status', 'active');
  await confirmAccessChange(admin, 'member-block', 'blocked');
  await expect(admin.getByTestId('member-history')).toBeVisible();

  // The cashier's open page: the next action ends at /login.
  await field(cashier, 'number').fill('7000000000000021');
  await field(cashier, 'pin').fill('222222');
  await cashier.getByTestId('check').click();
  await expect(cashier).toHaveURL(/\/login/);
  // Signing in is refused while every company of theirs blocks them.
  await submitSignIn(cashier, email);
  await expect(cashier.getByTestId('form-error')).toBeVisible();
  await expect(cashier).toHaveURL(/\/login/);

  await confirmAccessChange(admin, 'member-unblock', 'active');
  await submitSignIn(cashier, email);
  await expect(cashier).toHaveURL(/\/redemption$/);
  await context.close();
});

test('an account holder joins only by accepting: on the dashboard, or from the mail with their own password', async ({
  page: admin,
  browser,
  request,
}) => {
  const [onDashboard, fromMail] = [await createUser(request, 'holder', 'en-US'), await createUser(request, 'linked', 'en-US')];
  await signIn(admin, DEMO.admin);
  await addRedeemer(admin, onDashboard.email);
  // The company sees what it typed, not the account's own names.
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Kassova Nina');
  await addRedeemer(admin, fromMail.email);

  const context = await browser.newContext();
  const holder = await context.newPage();
  await signIn(holder, onDashboard.email, onDashboard.password);
  const invitations = holder.getByTestId('my-invitations');
  await expect(invitations).toContainText('Demo Gifts');
  await invitations.getByTestId('my-invitation-accept').click();
  await expect(invitations).toBeHidden();
  // Joined: the company is selected and its figures show.
  await expect(holder.getByTestId('dashboard-today')).toBeVisible();

  // From the mail: the link knows the account and asks for its password, not a new one.
  const linked = await context.newPage();
  await linked.goto(await readLink(request, fromMail.email, 'invitation'));
  const form = linked.getByTestId('invitation-join-form');
  await expect(form).toContainText(fromMail.email);
  await expect(field(linked, 'repeatPassword')).toHaveCount(0);
  await field(linked, 'password').fill(fromMail.password);
  await linked.getByTestId('invitation-join').click();
  await expect(linked).toHaveURL(/\/redemption$/);
  await context.close();

  await admin.reload();
  await expect(admin.getByTestId('member-details').getByTestId('member-status')).toHaveAttribute('data-status', 'active');
});

test('an invitation withdrawn by the admin: the person leaves the list and the mailed link stops working', async ({
  page: admin,
  request,
}) => {
  const email = uniqueEmail('withdrawn');
  await signIn(admin, DEMO.admin);
  await addRedeemer(admin, email);
  const link = await readLink(request, email, 'invitation');
  await admin.getByTestId('member-withdraw').click();
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByTestId('confirm-action').click();
  await expect(admin).toHaveURL(/\/users$/);
  await expect(admin.getByText(email)).toHaveCount(0);

  await admin.goto(link);
  await expect(admin.getByTestId('invitation-form')).toHaveCount(0);
  await expect(admin.getByRole('alert')).toBeVisible();
});
