import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The app has drawn the page: the static shell index.html paints before it (decision 070) is gone. A one-shot read
 * (a size, axe, a bounding box) waits for it; locators that retry do not need to.
 */
export const appDrawn = (page: Page): Promise<void> => expect(page.locator('#first-paint')).toHaveCount(0);

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO = {
  admin: 'admin@demo.test',
  accountant: 'accountant@demo.test',
  redeemer: 'redeemer@demo.test',
  moderator: 'moderator@demo.test',
} as const;

/** A password that meets the rules and is on no common-password list (Secret123 is). */
export const USER_PASSWORD = 'Tiller2468';

/** The latest mail to `to` whose text matches, read from the dev outbox (newest first). */
async function readMail(request: APIRequestContext, to: string, pattern: RegExp, notThis?: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/api/dev/outbox');
      const { data } = (await answer.json()) as { data: { to: string; text: string }[] };
      found = data
        .filter((mail) => mail.to === to)
        .map((mail) => pattern.exec(mail.text)?.[1])
        .find((match) => match !== undefined && match !== notThis);
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** The path and query of the latest link to `page` (auth-correction, invitation) mailed to `to`. */
export async function readLink(request: APIRequestContext, to: string, page = 'auth-correction'): Promise<string> {
  const url = new URL(await readMail(request, to, new RegExp(`(https?://\\S+/${page}\\?\\S*)`)));
  return url.pathname + url.search;
}

/** The latest 6-digit code mailed to `to`, read from the dev outbox (newest first). */
export const readCode = (request: APIRequestContext, to: string, notThis?: string): Promise<string> =>
  readMail(request, to, /\b(\d{6})\b/, notThis);

let counter = 0;
/** An address no other call of this run has used (tests/e2e/start-server.sh trusts one proxy hop). */
const ownAddress = () => ({ 'x-forwarded-for': `10.99.${process.pid & 255}.${counter++ & 255}` });
export const uniqueEmail = (tag: string): string => `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}@e2e.test`;

/**
 * A confirmed account with no company, made through the API; `language` is its cabinet language (the UI's after
 * sign-in), `region` the site it registered on.
 */
export async function createUser(
  request: APIRequestContext,
  tag = 'user',
  language = 'ru-RU',
  region = 'ru',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(tag);
  const password = USER_PASSWORD;
  const registered = await request.post('/api/front/auth/register', {
    data: { firstName: 'Erin', secondName: 'Tester', email, phone: '+7 900 123-45-67', password, region, language },
    headers: ownAddress(),
  });
  expect(registered.ok()).toBeTruthy();
  const verifyCode = await readCode(request, email);
  const confirmed = await request.post('/api/front/auth/register-confirm', { data: { email, verifyCode, region } });
  expect(confirmed.ok()).toBeTruthy();
  return { email, password };
}

/** An access token for calls made through the API (the browser signs in on its own). */
export async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const answer = await request.post('/api/front/auth/login', { data: { email, password } });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** A call's `data`, after checking it succeeded. */
export async function dataOf<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { data: T }).data;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('logout')).toBeVisible();
}

/** Moves the stored access-token expiry (a cookie the client reads) to `msFromNow`. */
export async function setTokenExpiry(page: Page, msFromNow: number): Promise<void> {
  await page.evaluate((ms) => {
    document.cookie = `accessTokenExpiresAt=${Date.now() + ms}; Path=/; SameSite=Strict`;
  }, msFromNow);
}

/** axe's serious and critical findings on the page against WCAG 2.1 A and AA, one line each (none is the goal). */
export const seriousViolations = async (page: Page): Promise<string[]> =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
