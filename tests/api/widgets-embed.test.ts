import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { rateLimits, widgets } from '../../server/db/schema';
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';
import { expectOk } from './support/companies';
import { supplierIdOf } from './support/users';
import { setActivity, widgetCompany } from './support/widgets';

/**
 * Issue 14: the public side of a widget (decision 58) — the framed page in its language and colour, the neutral
 * "unavailable" page, counted views and clicks, the buy redirect, the preview, and the framing headers; views and
 * clicks counted once per viewer and visit, and the pages' own gate (decision 075).
 */

const MARKETPLACE = 'https://shop.example.test/gifts/';
let test: TestApp;
let company: Awaited<ReturnType<typeof widgetCompany>>;
beforeAll(async () => {
  test = await createAuthTestApp({ MARKETPLACE_URL: MARKETPLACE });
  company = await widgetCompany(test);
});
afterAll(() => test?.close());

const page = (id: string, headers: Record<string, string> = {}) => test.call('GET', `/embed/widgets/${id}`, { headers });
const buy = (id: string, denomination: number | string, headers: Record<string, string> = {}) =>
  test.call('GET', `/embed/widgets/${id}/buy?denomination=${denomination}`, { headers });
/** A visitor at `address`, as our proxy tells it (the test app trusts one proxy). */
const viewer = (address: string) => ({ 'x-forwarded-for': address });
const counts = async (id: string) =>
  (await test.database.db.select({ views: widgets.views, clicks: widgets.clicks }).from(widgets).where(eq(widgets.id, id)))[0];
const newWidget = async (overrides: Parameters<typeof company.settings>[0] = {}) =>
  expectOk(await company.api.add(company.settings(overrides))).id as string;

describe('the page', () => {
  it('shows the product and its amounts in the widget’s language, with the colour’s sheet, under the strict policy', async () => {
    const id = await newWidget({ language: 'ru', colour: '#be123c' });
    const response = await page(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.text).toContain('<html lang="ru">');
    expect(response.text).toContain('Spa day');
    expect(response.text).toContain('Выберите номинал');
    expect(response.text).toMatch(/1\s000\s₽/);
    expect(response.text).toMatch(/3\s000\s₽/);
    expect(response.text).toContain(`href="/embed/widgets/${id}/buy?denomination=100000"`);
    expect(response.text).toContain('href="/embed/theme/be123c.css"');
    // Nothing inline that the policy (style-src 'self', script-src 'self') would block.
    expect(response.text).not.toMatch(/<style|style="|<script>/);
    const theme = await test.call('GET', '/embed/theme/be123c.css');
    expect(theme.headers.get('content-type')).toMatch(/^text\/css/);
    expect(theme.text).toContain('--accent:#be123c');
  });

  it('speaks each language', async () => {
    const kz = await page(await newWidget({ language: 'kz' }));
    expect(kz.text).toContain('<html lang="kk">');
    expect(kz.text).toContain('Сатып алу');
    const es = await page(await newWidget({ language: 'es' }));
    expect(es.text).toContain('Comprar');
  });

  it('of a disabled widget, or of a product off sale, is "unavailable" and tells nothing about the product', async () => {
    const id = await newWidget({ language: 'fr' });
    expectOk(await company.api.status(company.supplierId, id, 'disabled'));
    const disabled = await page(id);
    expect(disabled.status).toBe(200);
    expect(disabled.text).toContain('data-unavailable');
    expect(disabled.text).toContain('Indisponible');
    expect(disabled.text).not.toContain('Spa day');
    expect(disabled.text).not.toContain('buy');
    expect(await counts(id)).toEqual({ views: 0, clicks: 0 });
    // Its buy link never redirects.
    const click = await buy(id, 100_000);
    expect(click.headers.get('location')).toBeNull();
    expect(click.text).toContain('data-unavailable');

    const own = await widgetCompany(test);
    const offSale = expectOk(await own.api.add(own.settings())).id;
    await setActivity(test, own.productId, 'inactive');
    expect((await page(offSale)).text).toContain('data-unavailable');
    expect((await page(offSale)).text).not.toContain('Spa day');
  });

  it('of an unknown widget is the same neutral page, a 404, in the visitor’s language', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await page(id, { 'accept-language': 'es-ES,es;q=0.9' });
      expect(response.status).toBe(404);
      expect(response.text).toContain('data-unavailable');
      expect(response.text).toContain('No disponible');
    }
    expect((await buy('00000000-0000-4000-8000-000000000000', 100_000)).status).toBe(404);
  });
});

describe('counting', () => {
  const VISIT_MS = 30 * 60_000;

  it('counts a view per viewer and a click per buy, which redirects to the marketplace’s purchase page', async () => {
    const id = await newWidget();
    await page(id, viewer('203.0.113.1'));
    await page(id, viewer('203.0.113.2'));
    const click = await buy(id, 300_000, viewer('203.0.113.1'));
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe(`${MARKETPLACE}certificates/${company.productId}?denomination=300000`);
    expect(await counts(id)).toEqual({ views: 2, clicks: 1 });
    expect(expectOk(await company.api.info(company.supplierId, id))).toMatchObject({ views: 2, clicks: 1 });
  });

  it('counts a viewer once per visit, however many views and clicks they send at once; another viewer counts; later, again', async () => {
    const id = await newWidget();
    const one = viewer('198.51.100.7');
    const answers = await Promise.all([
      ...Array.from({ length: 200 }, () => page(id, one)),
      ...Array.from({ length: 50 }, () => buy(id, 100_000, one)),
    ]);
    // Every page is shown and every buy leads on: only the counting is once.
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(200).fill(200), ...Array(50).fill(302)]);
    expect(await counts(id)).toEqual({ views: 1, clicks: 1 });

    await Promise.all([page(id, viewer('198.51.100.8')), buy(id, 100_000, viewer('198.51.100.8'))]);
    expect(await counts(id)).toEqual({ views: 2, clicks: 2 });

    test.clock.advance(VISIT_MS - 1000);
    try {
      await Promise.all([page(id, one), buy(id, 100_000, one)]);
      expect(await counts(id)).toEqual({ views: 2, clicks: 2 });
      test.clock.advance(1000);
      await Promise.all([page(id, one), page(id, one), buy(id, 100_000, one)]);
      expect(await counts(id)).toEqual({ views: 3, clicks: 3 });
    } finally {
      // Back again: the sign-ins the other tests use would have expired.
      test.clock.advance(-VISIT_MS);
    }
  });

  it('keeps no address: the viewer is a keyed hash, and only for the visit', async () => {
    const id = await newWidget();
    await page(id, viewer('192.0.2.44'));
    const keys = await test.database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `widget-views:${id}:%`));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.key).not.toContain('192.0.2.44');
  });

  it('a buy at an amount the widget does not offer is refused and not counted', async () => {
    const id = await newWidget({ denominations: [100_000] });
    for (const amount of [300_000, 'abc', '']) {
      const response = await buy(id, amount);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
    expect(await counts(id)).toEqual({ views: 0, clicks: 0 });
  });
});

describe('the pages’ own gate', () => {
  it('refuses views beyond its places and queue at once with the neutral page; the API’s places stay free for a till', async () => {
    const id = await newWidget();
    const env = { NODE_ENV: 'test', TRUST_PROXY: 'true', MARKETPLACE_URL: MARKETPLACE, QUEUE_TIMEOUT_MS: '60000' };
    const limits = {
      EMBED_MAX_CONCURRENT_REQUESTS: '1',
      EMBED_MAX_QUEUED_REQUESTS: '2',
      MAX_CONCURRENT_REQUESTS: '1',
      MAX_QUEUED_REQUESTS: '0',
    };
    const app = createApp({ ...test.deps, config: loadConfig({ ...env, ...limits }) });
    const redeemer = (await test.login('redeemer@demo.test')).accessToken;
    const till = app.request('/api/front/redemption/check', {
      method: 'POST',
      headers: { authorization: `Bearer ${redeemer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ supplierId: await supplierIdOf(test, 'Demo Gifts'), number: '7000000000000013', pin: '111111' }),
    });
    const views = await Promise.all(
      Array.from({ length: 100 }, () =>
        app.request(`/embed/widgets/${id}`, { headers: { ...viewer('198.51.100.9'), 'accept-language': 'es' } }),
      ),
    );
    // One running and two waiting; the other 97 were refused as they came, before any of the three was done.
    expect(views.filter((view) => view.status === 200)).toHaveLength(3);
    const refused = views.filter((view) => view.status !== 200);
    expect(refused).toHaveLength(97);
    for (const view of refused) {
      expect(view.status).toBe(503);
      expect(view.headers.get('retry-after')).toBe('1');
      expect(view.headers.get('cache-control')).toBe('no-store');
    }
    const text = await refused[0]!.text();
    expect(text).toContain('<html lang="es">');
    expect(text).toContain('data-unavailable');
    expect(text).not.toContain('Spa day');
    expect((await till).status).toBe(200);
    expect(await counts(id)).toEqual({ views: 1, clicks: 0 });
  });
});

describe('the preview', () => {
  const preview = (query: Record<string, string>) => test.call('GET', `/embed/preview?${new URLSearchParams(query)}`);

  it('renders unsaved settings like the page, counting nothing, with inert buttons', async () => {
    const response = await preview({ productId: company.productId, colour: '1D4ED8', language: 'fr', denominations: '300000' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Spa day');
    expect(response.text).toContain('Acheter');
    expect(response.text).toContain('href="/embed/theme/1d4ed8.css"');
    expect(response.text).not.toContain('/buy?');
  });

  it('renders nothing of a product off sale or an amount it does not sell', async () => {
    const own = await widgetCompany(test);
    await setActivity(test, own.productId, 'inactive');
    expect((await preview({ productId: own.productId, colour: '111827', language: 'en', denominations: '100000' })).text).not.toContain(
      'Spa day',
    );
    expect((await preview({ productId: company.productId, colour: '111827', language: 'en', denominations: '5' })).text).not.toContain(
      'Spa day',
    );
    expect((await preview({ productId: company.productId, colour: 'red', language: 'en', denominations: '100000' })).status).toBe(400);
  });
});

describe('framing', () => {
  it('any site may frame /embed/*; the portal stays unframeable', async () => {
    const id = await newWidget();
    for (const path of [`/embed/widgets/${id}`, '/embed/widget.js', '/embed/widget.css', '/embed/preview']) {
      const response = await test.call('GET', path);
      expect(response.headers.get('content-security-policy'), path).toContain('frame-ancestors *');
      expect(response.headers.get('x-frame-options'), path).toBeNull();
    }
    const portal = await test.call('GET', '/api/health');
    expect(portal.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(portal.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves the loader as a cacheable script that other sites may load', async () => {
    const response = await test.call('GET', '/embed/widget.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.text).toContain('data-certdesk-widget');
    // Other sites load it in CORS mode (the snippet says crossorigin), which the portal's same-origin CORP does not bind.
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
