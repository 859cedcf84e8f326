import type {
  addWidgetBody,
  editWidgetBody,
  widgetListQuery,
  widgetProductsQuery,
  widgetQuery,
  widgetStatusBody,
} from '@contract/schemas/widgets';
import type { WidgetList, WidgetProduct, WidgetView } from '@contract/widgets';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { products, suppliers, widgets } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { allowsAll, currencyOf, onSale, saleColumns, widgetProductOf } from './sale';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

const viewColumns = {
  id: widgets.id,
  name: widgets.name,
  productId: widgets.productId,
  productName: products.name,
  country: suppliers.country,
  denominations: widgets.denominations,
  colour: widgets.colour,
  language: widgets.language,
  status: widgets.status,
  views: widgets.views,
  clicks: widgets.clicks,
  createdAt: widgets.createdAt,
  updatedAt: widgets.updatedAt,
};

const widgetQueryOf = (deps: Deps) =>
  deps.db
    .select(viewColumns)
    .from(widgets)
    .innerJoin(products, eq(products.id, widgets.productId))
    .innerJoin(suppliers, eq(suppliers.id, widgets.supplierId));

type ViewRow = Awaited<ReturnType<ReturnType<typeof widgetQueryOf>['execute']>>[number];

const viewOf = ({ country, ...row }: ViewRow): WidgetView => ({
  ...row,
  currency: currencyOf({ country }),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Another company's widget, or none, is "not found" alike (tenant isolation). */
async function widgetOf(deps: Deps, supplierId: string, widgetId: string): Promise<WidgetView> {
  const [row] = await widgetQueryOf(deps).where(and(eq(widgets.id, widgetId), eq(widgets.supplierId, supplierId)));
  return row ? viewOf(row) : fail('ITEM_NOT_FOUND');
}

/** The company's widgets, newest first, a page at a time. */
export async function listWidgets(deps: Deps, auth: AuthContext, query: Out<typeof widgetListQuery>): Promise<WidgetList> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageWidgets');
  const mine = eq(widgets.supplierId, query.supplierId);
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(widgets).where(mine);
  const rows = await widgetQueryOf(deps)
    .where(mine)
    .orderBy(desc(widgets.createdAt), desc(widgets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.map(viewOf), page: query.page, pageSize: query.pageSize, total };
}

export async function widgetInfo(deps: Deps, auth: AuthContext, query: Out<typeof widgetQuery>): Promise<WidgetView> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageWidgets');
  return widgetOf(deps, query.supplierId, query.widgetId);
}

/** The company's certificates a widget may sell, by name. */
export async function widgetProducts(deps: Deps, auth: AuthContext, query: Out<typeof widgetProductsQuery>): Promise<WidgetProduct[]> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageWidgets');
  const rows = await deps.db
    .select(saleColumns)
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(and(eq(products.supplierId, query.supplierId), onSale))
    .orderBy(products.name, products.id);
  return rows.map(widgetProductOf);
}

type Settings = Pick<Out<typeof addWidgetBody>, 'supplierId' | 'productId' | 'denominations'>;

/** The product must be the company's and on sale; the amounts must be ones it sells. */
async function checkSettings(deps: Deps, { supplierId, productId, denominations }: Settings): Promise<void> {
  const [row] = await deps.db
    .select({ live: products.live, onSale: sql<boolean>`${onSale}` })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.supplierId))
    .where(and(eq(products.id, productId), eq(products.supplierId, supplierId)));
  if (!row) return fail('PRODUCT_NOT_FOUND', { fields: { productId: 'PRODUCT_NOT_FOUND' } });
  if (!row.onSale) return fail('PRODUCT_NOT_ON_SALE', { fields: { productId: 'PRODUCT_NOT_ON_SALE' } });
  if (!allowsAll(row.live, denominations))
    return fail('DENOMINATION_NOT_ALLOWED', { fields: { denominations: 'DENOMINATION_NOT_ALLOWED' } });
}

export async function addWidget(deps: Deps, auth: AuthContext, body: Out<typeof addWidgetBody>): Promise<WidgetView> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageWidgets');
  await checkSettings(deps, body);
  const now = deps.now();
  const [created] = await deps.db
    .insert(widgets)
    .values({ ...body, createdAt: now, updatedAt: now })
    .returning({ id: widgets.id });
  return widgetOf(deps, body.supplierId, created!.id);
}

export async function editWidget(deps: Deps, auth: AuthContext, body: Out<typeof editWidgetBody>): Promise<WidgetView> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageWidgets');
  await widgetOf(deps, body.supplierId, body.widgetId);
  await checkSettings(deps, body);
  const { supplierId, widgetId, ...settings } = body;
  await deps.db
    .update(widgets)
    .set({ ...settings, updatedAt: deps.now() })
    .where(and(eq(widgets.id, widgetId), eq(widgets.supplierId, supplierId)));
  return widgetOf(deps, supplierId, widgetId);
}

/** Disabling keeps the widget and its counts: the sites that embed it show "unavailable" until it is enabled. */
export async function setWidgetStatus(deps: Deps, auth: AuthContext, body: Out<typeof widgetStatusBody>): Promise<WidgetView> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageWidgets');
  const [changed] = await deps.db
    .update(widgets)
    .set({ status: body.status, updatedAt: deps.now() })
    .where(and(eq(widgets.id, body.widgetId), eq(widgets.supplierId, body.supplierId)))
    .returning({ id: widgets.id });
  if (!changed) return fail('ITEM_NOT_FOUND');
  return widgetOf(deps, body.supplierId, body.widgetId);
}
