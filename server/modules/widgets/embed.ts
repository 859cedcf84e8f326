import { LOCALE_LANGUAGE, type Language } from '@contract/enums';
import { resolveLocale } from '@contract/locale-choice';
import { previewQuery, widgetId } from '@contract/schemas/widgets';
import { embedPagePath } from '@contract/widgets';
import { and, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { products, suppliers, widgets } from '../../db/schema';
import type { AppEnv, Deps } from '../../deps';
import { acceptedLanguages } from '../../http/accept-language';
import { admission, BUSY_RETRY_AFTER_SECONDS, type Gate } from '../../http/admission';
import { hmac } from '../../lib/crypto';
import { hitLimit } from '../../lib/rate-limit';
import { FRAME_JS, LOADER_JS, themeCss, WIDGET_CSS } from './assets';
import { renderUnavailable, renderWidget } from './page';
import { purchaseUrl } from './purchase';
import { allowsAll, coverThumbOf, currencyOf, onSale, saleColumns } from './sale';

/** Scripts and styles change with a release: an hour's cache keeps sites fast and picks a change up soon. */
const ASSET_CACHE = 'public, max-age=3600';
/** Each page view is counted, and a disabled widget must show so at once. */
const PAGE_CACHE = 'no-store';

const html = (c: Context, body: string, status: 200 | 400 | 404 | 503 = 200) =>
  c.html(body, status, { 'cache-control': PAGE_CACHE, 'referrer-policy': 'no-referrer' });

const asset = (c: Context, body: string, type: string) =>
  c.body(body, 200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': ASSET_CACHE });

/** Without a widget to speak for, the visitor's own language if we have it, else Russian: the app's rule (SPEC §1). */
const visitorLanguage = (c: Context): Language => LOCALE_LANGUAGE[resolveLocale(null, acceptedLanguages(c.req.header('accept-language')))];

const isWidgetId = (value: string) => v.is(widgetId, value);

/** A widget with what its page shows: null when unknown; `product` null when it may not sell now. */
async function widgetForPage(deps: Deps, id: string) {
  const [widget] = await deps.db
    .select({
      id: widgets.id,
      status: widgets.status,
      language: widgets.language,
      colour: widgets.colour,
      denominations: widgets.denominations,
    })
    .from(widgets)
    .where(eq(widgets.id, id));
  if (!widget) return null;
  const [product] =
    widget.status === 'active'
      ? await deps.db
          .select(saleColumns)
          .from(widgets)
          .innerJoin(products, eq(products.id, widgets.productId))
          .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
          .where(and(eq(widgets.id, id), onSale))
      : [];
  // Amounts the product no longer sells are left out; none left is "unavailable".
  const denominations = product ? widget.denominations.filter((amount) => allowsAll(product.live, [amount])) : [];
  return { widget, product: product && denominations.length ? product : null, denominations };
}

/**
 * A viewer's views, and their clicks, of one widget count once in this window (decision 075): about a visit (web
 * analytics' 30-minute session), so a page reloaded in a loop is one view, and a visitor back later counts again.
 */
const ONCE_PER_VISIT = { max: 1, windowMs: 30 * 60_000 };

/**
 * Counts a view or a click unless this viewer's was already counted in the window: one atomic count-and-decide
 * (decision 037), so parallel requests count once. The viewer is their address, kept only as a keyed hash.
 */
async function countOnce(deps: Deps, c: Context<AppEnv>, id: string, column: 'views' | 'clicks') {
  // 132 bits of the hash tell viewers apart as well as all of it.
  const viewer = hmac(deps.keys.viewers, c.var.clientIp).slice(0, 22);
  if ((await hitLimit(deps.db, `widget-${column}:${id}:${viewer}`, ONCE_PER_VISIT, deps.now())).exceeded) return;
  await deps.db
    .update(widgets)
    .set({ [column]: sql`${widgets[column]} + 1` })
    .where(eq(widgets.id, id));
}

/** The neutral page, in the visitor's language, for a view refused by the gate: they may try again in a moment. */
const busyPage = (c: Context) => {
  c.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
  return html(c, renderUnavailable(visitorLanguage(c)), 503);
};

/**
 * The public side of widgets (decision 58), mounted at EMBED_PATH before the PWA: any site may frame these pages
 * (the embed policy), nothing here needs a session, and nothing about a disabled or unknown widget is told. The
 * pages that read the database take a place in `gate`, their own (decision 075): a flood of views is refused at
 * once and never takes the API's places.
 */
export const embedRoutes = (deps: Deps, gate: Gate) =>
  new Hono<AppEnv>()
    // Loaded by other sites in CORS mode (the snippet's crossorigin attribute): the portal's
    // Cross-Origin-Resource-Policy: same-origin binds only no-cors loads, and stays as it is.
    .get('/widget.js', (c) => {
      c.header('access-control-allow-origin', '*');
      return asset(c, LOADER_JS, 'text/javascript');
    })
    .get('/frame.js', (c) => asset(c, FRAME_JS, 'text/javascript'))
    .get('/widget.css', (c) => asset(c, WIDGET_CSS, 'text/css'))
    .get('/theme/:file{[0-9a-f]{6}\\.css}', (c) => {
      // The colour is the name, so the sheet never changes: cached for a year.
      const colour = `#${c.req.param('file').slice(0, 6)}`;
      return c.body(themeCss(colour), 200, {
        'content-type': 'text/css; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      });
    })
    .use('/widgets/*', admission(gate, busyPage))
    .use('/preview', admission(gate, busyPage))
    .get('/widgets/:id', async (c) => {
      const id = c.req.param('id');
      const found = isWidgetId(id) ? await widgetForPage(deps, id) : null;
      if (!found) return html(c, renderUnavailable(visitorLanguage(c)), 404);
      const { widget, product, denominations } = found;
      if (!product) return html(c, renderUnavailable(widget.language));
      await countOnce(deps, c, id, 'views');
      return html(
        c,
        renderWidget({
          language: widget.language,
          colour: widget.colour,
          productName: product.productName,
          currency: currencyOf(product),
          coverUrl: coverThumbOf(product.live),
          denominations,
          buyHref: (denomination) => `${embedPagePath(id)}/buy?denomination=${denomination}`,
        }),
      );
    })
    .get('/widgets/:id/buy', async (c) => {
      const id = c.req.param('id');
      const found = isWidgetId(id) ? await widgetForPage(deps, id) : null;
      if (!found) return html(c, renderUnavailable(visitorLanguage(c)), 404);
      const { widget, product, denominations } = found;
      if (!product) return html(c, renderUnavailable(widget.language));
      const denomination = Number(c.req.query('denomination'));
      if (!denominations.includes(denomination)) return html(c, renderUnavailable(widget.language), 400);
      await countOnce(deps, c, id, 'clicks');
      c.header('cache-control', PAGE_CACHE);
      return c.redirect(purchaseUrl(deps.config, product.productId, denomination), 302);
    })
    .get('/preview', async (c) => {
      // The form's live preview: the same page for settings not yet saved, counting nothing, for products on sale only.
      const parsed = v.safeParse(previewQuery, c.req.query());
      if (!parsed.success) return html(c, renderUnavailable(visitorLanguage(c)), 400);
      const query = parsed.output;
      const [product] = await deps.db
        .select(saleColumns)
        .from(products)
        .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
        .where(and(eq(products.id, query.productId), onSale));
      if (!product || !allowsAll(product.live, query.denominations)) return html(c, renderUnavailable(query.language), 404);
      return html(
        c,
        renderWidget({
          language: query.language,
          colour: `#${query.colour}`,
          productName: product.productName,
          currency: currencyOf(product),
          coverUrl: coverThumbOf(product.live),
          denominations: query.denominations,
          buyHref: null,
        }),
      );
    });
