import { expect, test } from '@playwright/test';
import { createUser, readCode } from './helpers';

/**
 * The reset's e-mail step before JavaScript has run (decision 105): the prerendered page (decision 099) posts its form
 * to the server, which mails the code and answers with a 303 to the code page; the app, when it runs there, asks for
 * the code mailed to that address. A refusal comes back to the e-mail page with its code and the address.
 */

test.use({ javaScriptEnabled: false });

test('the e-mail step works without JavaScript; the app then takes the code and signs in', async ({ page, browser, request }) => {
  const { email } = await createUser(request, 'reset-form');
  await page.goto('/password-reset-email');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page).toHaveURL(/\/password-reset-code\?/);
  const code = await readCode(request, email);

  // The same address opened by the app: it takes the step's state from the address, then drops it from there.
  const app = await browser.newContext({ javaScriptEnabled: true });
  const signedOut = await app.newPage();
  await signedOut.goto(page.url());
  await expect(signedOut).toHaveURL(/\/password-reset-code$/);
  await expect(signedOut.getByText(email)).toBeVisible();
  await expect(signedOut.getByTestId('resend')).toBeDisabled();
  await signedOut.getByLabel('Code from the e-mail').fill(code);
  await signedOut.getByRole('button', { name: 'Confirm' }).click();
  await expect(signedOut).toHaveURL(/\/password-reset$/);
  await expect(signedOut.getByLabel('New password')).toBeVisible();
  await app.close();
});

test('an address the rules refuse comes back to the e-mail page, which shows why and keeps it', async ({ page, browser }) => {
  await page.goto('/password-reset-email');
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page).toHaveURL(/\/password-reset-email\?error=VALIDATION_ERROR&email=not-an-address$/);

  const app = await browser.newContext({ javaScriptEnabled: true });
  const refused = await app.newPage();
  await refused.goto(page.url());
  await expect(refused.getByTestId('form-error')).toHaveText('Check the fields');
  await expect(refused.getByLabel('E-mail')).toHaveValue('not-an-address');
  await app.close();
});
