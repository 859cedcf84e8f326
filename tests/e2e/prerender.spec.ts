import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './helpers';

/**
 * The prerendered public pages (decision 099): the server answers with the page itself, rendered at build time by the
 * app's own components; the app hydrates it without a word from React about a mismatch, ending with the same DOM a
 * client render draws, and what was typed before the app's script ran stays and is sent.
 */

const PAGES = [
  ['/login', 'Sign in to your account'],
  ['/password-reset-email', 'Password recovery'],
] as const;

/** Every console error and warning and every uncaught error of the page. */
const complaints = (page: Page): string[] => {
  const heard: string[] = [];
  page.on('console', (message) => {
    // Playwright's own word on the service worker it blocks (playwright.config.ts) is not the page's.
    if (/Service Worker registration blocked/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') heard.push(message.text());
  });
  page.on('pageerror', (error) => heard.push(error.message));
  return heard;
};

/** React has taken the page over: its elements carry React's fiber. */
const hydrated = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('#root h1') ?? {}).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);

/**
 * #root's markup, attributes in name order (React writes them in another order when it creates elements), React's
 * generated ids (server and client write them differently) named by their order, and no `selected` attribute (the
 * client sets the select's value as a property).
 */
const rootMarkup = (page: Page) =>
  page.evaluate(() => {
    const ids = new Map<string, string>();
    const named = (id: string) => ids.get(id) ?? (ids.set(id, `id${ids.size}`), ids.get(id)!);
    const root = document.querySelector('#root')!.cloneNode(true) as HTMLElement;
    for (const element of root.querySelectorAll('[id],[for],[aria-describedby]'))
      for (const name of ['id', 'for', 'aria-describedby']) {
        const value = element.getAttribute(name);
        if (value && /^[_«:]r/i.test(value)) element.setAttribute(name, named(value));
      }
    root.removeAttribute('data-prerendered');
    for (const element of root.querySelectorAll('*')) {
      element.removeAttribute('selected');
      const attributes = [...element.attributes].map((attr) => [attr.name, attr.value] as const).sort(([a], [b]) => a.localeCompare(b));
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes) element.setAttribute(name, value);
    }
    return root.innerHTML.replace(/<!--[^]*?-->/g, '');
  });

for (const [path, heading] of PAGES)
  test(`${path} comes prerendered, in the browser's language, and hydrates to what a client render draws`, async ({ page }) => {
    const heard = complaints(page);
    const answer = await page.goto(path);
    expect(answer?.headers().vary).toContain('Accept-Language');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', `${path} ru en-US`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await hydrated(page);
    // The portal's texts and the PWA chrome come after: let them settle before the comparison.
    await page.waitForLoadState('networkidle');
    const hydratedMarkup = await rootMarkup(page);
    expect(heard).toEqual([]);

    // The same page rendered by the client alone: the prerendered document without its mark.
    await page.route(path, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/ data-prerendered="[^"]*"/, '') });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await rootMarkup(page)).toBe(hydratedMarkup);
  });

test('the language chosen before comes prerendered (its cookie), else Accept-Language', async ({ page, browser }) => {
  await page.goto('/login');
  // A choice made before hydration is lost as typed text is (decision 099): chosen once the app has the page.
  await hydrated(page);
  await page.getByTestId('language-select').selectOption('es-ES');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accede a tu cuenta');
  await page.goto('/login');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/login ru es-ES');
  await expect(page).toHaveTitle(/^Iniciar sesión/);
  const swiss = await browser.newContext({ locale: 'fr-CH', baseURL: test.info().project.use.baseURL });
  const french = await swiss.newPage();
  await french.goto('/login');
  await expect(french.locator('#root')).toHaveAttribute('data-prerendered', '/login ru fr-FR');
  expect(await french.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
  await swiss.close();
});

test('what is typed before the app has loaded stays, and the form signs in with it', async ({ page }) => {
  const heard = complaints(page);
  // The app's entry is held until the fields are filled: until then the page is the prerendered HTML alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(DEMO.admin);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  release();
  await hydrated(page);
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.admin);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('logout')).toBeVisible();
  expect(heard).toEqual([]);
});

test('what is typed while the app takes the page over stays, and the form signs in with it', async ({ page }) => {
  const heard = complaints(page);
  // A slow phone on a slow network: the app's scripts come late, and React, once it has the container, hydrates in
  // slices and waits for the page's lazy parts before it commits. The password is typed in that time.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').fill(DEMO.admin);
  const reactHasRoot = () =>
    page.evaluate(() => Object.keys(document.querySelector('#root')!).some((key) => key.startsWith('__reactContainer')));
  await expect.poll(reactHasRoot, { intervals: [20], timeout: 15_000 }).toBe(true);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.unroute(/\/assets\//);
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('logout')).toBeVisible();
  expect(heard).toEqual([]);
});

test('a visitor with a session gets the shell for /login, and is sent on', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO.redeemer);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('logout')).toBeVisible();
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
});
