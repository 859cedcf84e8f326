import { expect, test } from '@playwright/test';
import { createUser, DEMO, readCode, readLink, signIn, uniqueEmail, USER_PASSWORD } from './helpers';

test('register → code from the outbox → confirmed → signed in', async ({ page, request }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('First name').fill('Mila');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('+7 (900) 555-12-34');
  await page.getByLabel('Password', { exact: true }).fill('Qwerty123');

  // Without the offer ticked the form refuses and keeps everything typed.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Agree to the partner offer', { exact: true })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  // A password from the breached-password list is refused by the server, next to its field.
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('This password is too common, choose another')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  // The resend countdown comes from the server's answer.
  await expect(page.getByTestId('resend')).toBeDisabled();
  await expect(page.getByTestId('resend')).toContainText(/\d+ s/);

  await page.getByLabel('Code from the e-mail').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Wrong confirmation code')).toBeVisible();

  await page.getByLabel('Code from the e-mail').fill(await readCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('user-block')).toContainText(email);
});

test('a wrong password shows a localised error and keeps the e-mail', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO.accountant);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Incorrect login or password');
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.accountant);

  await page.getByTestId('language-select').selectOption('ru-RU');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Неверный логин или пароль');
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.accountant);
});

test('empty fields are refused with the shared rules, in the page language', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Fill in the field')).toHaveCount(2);
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid e-mail')).toBeVisible();
});

test('the whole password-reset path', async ({ page, request }) => {
  const { email } = await createUser(request, 'reset');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password-reset-email$/);
  // The sign-in page has an e-mail field too: wait until the new page is the one on screen.
  await expect(page.getByRole('heading', { name: 'Password recovery' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the code' }).click();

  await expect(page).toHaveURL(/\/password-reset-code$/);
  await expect(page.getByTestId('resend')).toBeDisabled();
  await page.getByLabel('Code from the e-mail').fill(await readCode(request, email));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/password-reset$/);
  await page.getByLabel('New password').fill('Newpass123');
  await page.getByLabel('Repeat the password').fill('Newpass124');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat the password').fill('Newpass123');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  // The code signed the person in: the screen says so and leads into the portal, not to a sign-in page that would not show.
  await expect(page.getByText('Your new password is saved, and you are signed in with it.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the portal' }).click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The new password works from a fresh browser.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, 'Newpass123');
});

test('the registration link asks for a password; the one given at registration stops working', async ({ page, request }) => {
  const email = uniqueEmail('link');
  // Someone registers this address with a password of their own.
  const registered = await request.post('/api/front/auth/register', {
    data: {
      firstName: 'Mallory',
      secondName: 'Other',
      email,
      phone: '+7 900 123-45-67',
      password: 'Mallory1357',
      region: 'ru',
      language: 'en-US',
    },
  });
  expect(registered.ok()).toBeTruthy();

  // Opening the link changes nothing by itself: the page asks for a password and a click.
  await page.goto(await readLink(request, email));
  await expect(page.getByRole('heading', { name: 'E-mail confirmation' })).toBeVisible();
  await expect(page.getByText(`Set the password for ${email}.`)).toBeVisible();
  expect((await request.post('/api/front/auth/login', { data: { email, password: 'Mallory1357' } })).status()).toBe(403);

  await page.getByLabel('New password').fill('Owner24680');
  await page.getByLabel('Repeat the password').fill('Owner24680');
  await page.getByRole('button', { name: 'Save and confirm' }).click();
  await expect(page.getByText(`The address ${email} is confirmed. You can sign in now.`)).toBeVisible();

  expect((await request.post('/api/front/auth/login', { data: { email, password: 'Mallory1357' } })).status()).toBe(401);
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await signIn(page, email, 'Owner24680');
});

test('/account/info: a new password needs the current one', async ({ page, request }) => {
  const user = await createUser(request, 'change', 'en-US');
  await signIn(page, user.email, user.password);
  await page.goto('/account/info');
  const save = page.getByRole('button', { name: 'Change the password' });

  // The shared rule refuses control characters before anything is sent.
  await page.getByLabel('New password').fill('Tab\tKey2468');
  await save.click();
  await expect(page.getByText('The password cannot contain control characters')).toBeVisible();

  await page.getByLabel('New password').fill('Changed2468');
  await page.getByLabel('Repeat the password').fill('Changed2468');
  await save.click();
  await expect(page.getByText('Fill in the field')).toBeVisible();

  await page.getByLabel('Current password').fill('Wrong24680');
  await save.click();
  await expect(page.getByText('The current password is wrong')).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveValue('Changed2468');

  await page.getByLabel('Current password').fill(user.password);
  await save.click();
  await expect(page.getByText('The password is changed')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');
});

test('/account/info without a session → /login, and back after sign-in', async ({ page }) => {
  await page.goto('/account/info');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Finfo$/);
  await page.getByLabel('E-mail').fill(DEMO.redeemer);
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/info$/);
  await expect(page.getByLabel(/E-mail/)).toHaveValue(DEMO.redeemer);
});

test('/login with a session → /', async ({ page }) => {
  await signIn(page, DEMO.accountant);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard')).toBeVisible();
});

test('an unknown path: /login first without a session, 404 with one; a staff-only route answers 403', async ({ page }) => {
  // A section not built yet is an unknown path: the deep link survives the sign-in.
  await page.goto('/users/user/5');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fusers%2Fuser%2F5$/);

  await signIn(page, DEMO.redeemer);
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Страница не найдена/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/403$/);
});

test('logout ends the session; role-tagged routes are then closed', async ({ page }) => {
  await signIn(page, DEMO.moderator);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: /./ }).first()).toBeVisible();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin/);
});
