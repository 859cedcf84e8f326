import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * The first paint of index.html (decision 070): before any script of the app has run, the sign-in page and the till
 * are drawn from the static shell, in the visitor's language; when the app takes over, everything stands where the
 * shell drew it (no layout shift), and the shell is gone.
 */

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
const LOCALES = ['ru-RU', 'be-BY', 'kz-KZ', 'es-ES', 'fr-FR', 'en-US'];

/** The same thing in the shell and in the app's page: a selector inside each. */
type Pairs = Record<string, [shell: string, app: string]>;
const SIGN_IN: Pairs = {
  heading: ['h1', 'h1'],
  tagline: ['[data-text="auth.tagline"]', 'aside p'],
  logo: ['img', 'aside img'],
  language: ['select', 'select'],
  email: ['input[type=email]', 'input[type=email]'],
  password: ['input[type=password]', 'input[type=password]'],
  remember: ['input[type=checkbox]', 'input[type=checkbox]'],
  submit: ['form > button', 'form > button'],
  forgot: ['[data-text="login.forgot"]', 'a[href="/password-reset-email"]'],
  register: ['[data-text="login.register"]', 'a[href="/register"]'],
};
const TILL: Pairs = {
  burger: ['button', '[data-testid=burger]'],
  logo: ['img', 'header img'],
  report: ['[data-text="redemption.report"]', '[data-testid=redemption-report-link]'],
  heading: ['h1', 'main h1'],
  scan: ['form button', '[data-testid=scan]'],
  number: ['input', 'input[name=number]'],
  pin: ['form > div:nth-of-type(2) input', 'input[name=pin]'],
  check: ['[data-text="redemption.check"]', '[data-testid=check]'],
};

interface Drawn {
  box: { x: number; y: number; width: number; height: number } | null;
  text: string;
}

/** Where each element is drawn (null when not shown at this width) and what it says. */
const drawn = (page: Page, root: string, pairs: Pairs, side: 0 | 1) =>
  page.evaluate(
    ({ root, selectors }) =>
      Object.fromEntries(
        Object.entries(selectors).map(([name, selector]) => {
          const element = document.querySelector(`${root} ${selector}`);
          const rect = element?.getBoundingClientRect();
          const shown = rect && rect.width > 0 && rect.height > 0;
          const box = shown ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
          const text = element instanceof HTMLSelectElement ? element.selectedOptions[0]?.text : element?.textContent;
          return [name, { box, text: (text ?? '').trim() }];
        }),
      ),
    { root, selectors: Object.fromEntries(Object.entries(pairs).map(([name, pair]) => [name, pair[side]])) },
  ) as Promise<Record<string, Drawn>>;

/** The shell as the page shows it before the app: every script of the app refused. */
async function shellOf(page: Page, path: string, pairs: Pairs): Promise<Record<string, Drawn>> {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(path);
  await expect(page.locator('#first-paint')).toBeVisible();
  const shell = await drawn(page, '#first-paint', pairs, 0);
  await page.unroute('**/*.js');
  return shell;
}

/**
 * The same page loaded for real, with the layout shifts the browser saw: their total, and which of the compared
 * elements moved (or sat inside something that moved).
 */
async function appOf(page: Page, path: string, pairs: Pairs, ready: string) {
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  const app = await drawn(page, '#root', pairs, 1);
  const shifts = await page.evaluate(
    (selectors) =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[];
          const nodes = entries.flatMap((entry) => entry.sources.map((source) => source.node).filter((node) => node !== undefined));
          const moved = Object.entries(selectors)
            .filter(([, selector]) => {
              const element = document.querySelector(`#root ${selector}`);
              return element !== null && nodes.some((node) => node === element || node.contains(element));
            })
            .map(([name]) => name);
          resolve({ total: entries.reduce((sum, entry) => sum + entry.value, 0), moved });
        }).observe({ type: 'layout-shift', buffered: true });
        // The observer reports buffered entries at once, or nothing when there were none.
        setTimeout(() => resolve({ total: 0, moved: [] }), 100);
      }),
    Object.fromEntries(Object.entries(pairs).map(([name, pair]) => [name, pair[1]])),
  );
  return { app, shifts };
}

const expectSame = (shell: Record<string, Drawn>, app: Record<string, Drawn>, texts: string[]) => {
  for (const [name, { box, text }] of Object.entries(app)) {
    const drawnFirst = shell[name]!;
    expect(drawnFirst.box === null, `${name} shown in one and not the other`).toBe(box === null);
    if (box && drawnFirst.box)
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(drawnFirst.box[side] - box[side]), `${name}: ${side} ${drawnFirst.box[side]} → ${box[side]}`).toBeLessThanOrEqual(
          1,
        );
    if (texts.includes(name)) expect(drawnFirst.text, name).toBe(text);
  }
};

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    // /login itself comes prerendered (decision 099, tests/e2e/prerender.spec.ts): the shell draws the sign-in form for
    // the pages that send an anonymous visitor there.
    test('the sign-in page is drawn before the app, in each language, where the app draws it', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text())) errors.push(message.text());
      });
      for (const locale of LOCALES) {
        await page.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
        const shell = await shellOf(page, '/redemption', SIGN_IN);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale === 'kz-KZ' ? 'kk-KZ' : locale);
        const { app, shifts } = await appOf(page, '/redemption', SIGN_IN, '#root form button[type=submit]');
        expectSame(shell, app, ['heading', 'tagline', 'language', 'submit', 'forgot', 'register']);
        expect(shifts.total, `layout shift in ${locale}`).toBe(0);
      }
      // The inline script and stylesheet are allowed by the server's policy (their hashes).
      expect(errors).toEqual([]);
    });

    test('the till is drawn before the app for a signed-in cashier, where the app draws it', async ({ page }) => {
      await signIn(page, DEMO.redeemer);
      const shell = await shellOf(page, '/redemption', TILL);
      const { app, shifts } = await appOf(page, '/redemption', TILL, '[data-testid=scan]');
      expectSame(shell, app, ['heading', 'scan', 'check', 'report']);
      // Today's history below fills in when its answer comes and moves what is under it: not the shell's part.
      expect(shifts.moved).toEqual([]);
    });
  });
}

test('pages of another layout get no shell', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  for (const path of ['/contacts', '/content/offer', '/404']) {
    await page.goto(path);
    await expect(page.locator('#first-paint')).toHaveCount(0);
  }
});

test('the shell is gone once the app has drawn the first page, whichever page it is', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'Sign in to your account'],
    ['/404', 'Page not found'],
    ['/no-such-page', 'Sign in to your account'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('#first-paint')).toHaveCount(0);
  }
});
