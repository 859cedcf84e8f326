import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

/**
 * Signing in before JavaScript has run (decision 100): the prerendered /login (decision 099) posts its form to the
 * server, which answers with the session's cookies and a 303 to where the app would land; the app, when it runs,
 * finds the person signed in. A refusal comes back to /login with its code and the e-mail, which the app shows.
 */

test.use({ javaScriptEnabled: false });

/** A context as the project's own (Playwright hands it the project's options), with JavaScript and the cookies given. */
const withApp = async (browser: Browser, cookiesFrom: BrowserContext): Promise<BrowserContext> =>
  browser.newContext({ javaScriptEnabled: true, storageState: await cookiesFrom.storageState() });

async function postForm(page: Page, email: string, password: string, remember = false) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signs in without JavaScript and lands where the app would; the app then runs signed in', async ({ page, context, browser }) => {
  await page.goto('/login');
  await postForm(page, DEMO.redeemer, DEMO_PASSWORD, true);
  await expect(page).toHaveURL(/\/$/);
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
  expect(Object.keys(cookies)).toEqual(expect.arrayContaining(['accessToken', 'refreshToken', 'accessTokenExpiresAt', 'rememberSession']));
  // "Remember me": cookies that outlive the browser (-1 is a session cookie), readable by the app (not HttpOnly).
  expect(cookies.refreshToken!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  expect(cookies.accessToken!.httpOnly).toBe(false);

  // The app, in a browser where someone else's session ended without a logout (their user still stored), with those
  // cookies: it loads the person signed in, and a till-only person arrives at the till (decision 066).
  const app = await browser.newContext({ javaScriptEnabled: true });
  const signedIn = await app.newPage();
  await signIn(signedIn, DEMO.accountant);
  await app.clearCookies();
  await app.addCookies(await context.cookies());
  await signedIn.goto('/');
  await expect(signedIn).toHaveURL(/\/redemption$/);
  await expect(signedIn.getByTestId('logout')).toBeAttached();
  expect(await signedIn.evaluate(() => JSON.parse(localStorage.getItem('certdesk.user')!).user.email)).toBe('redeemer@demo.test');
  await app.close();
});

test('follows the deep link /login was given', async ({ page, context, browser }) => {
  await page.goto('/login?redirect=%2Fcertificates');
  await postForm(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/certificates$/);

  const app = await withApp(browser, context);
  const signedIn = await app.newPage();
  await signedIn.goto('/certificates');
  await expect(signedIn).toHaveURL(/\/certificates$/);
  await expect(signedIn.getByTestId('logout')).toBeVisible();
  await app.close();
});

test('a wrong password comes back to /login, which shows why and keeps the e-mail', async ({ page, context, browser }) => {
  await page.goto('/login?redirect=%2Fcertificates');
  await postForm(page, DEMO.admin, 'Wrong-Secret-77');
  await expect(page).toHaveURL(/\/login\?/);
  const back = new URL(page.url());
  expect(Object.fromEntries(back.searchParams)).toEqual({ redirect: '/certificates', error: 'INVALID_CREDENTIALS', email: DEMO.admin });
  expect(page.url()).not.toContain('Wrong-Secret-77');
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('accessToken');

  // The app shows the refusal in the page's language, and signs in from there to the deep link.
  const app = await withApp(browser, context);
  const again = await app.newPage();
  await again.goto(back.pathname + back.search);
  await expect(again.getByTestId('form-error')).toHaveText('Incorrect login or password');
  await expect(again.getByLabel('E-mail')).toHaveValue(DEMO.admin);
  await again.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await again.getByRole('button', { name: 'Sign in' }).click();
  await expect(again).toHaveURL(/\/certificates$/);
  await app.close();
});
