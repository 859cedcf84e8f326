import type { Denominations } from '@contract/catalogue';
import type { AddWidgetBody, EditWidgetBody } from '@contract/schemas/widgets';
import { eq } from 'drizzle-orm';
import { products } from '../../../server/db/schema';
import { productData, productRow } from '../../../server/seed-products';
import { reportCompany, reportMember } from './analytics';
import type { TestApp } from './app';

export const WIDGETS = '/api/front/widgets';

/** The widget calls as one person makes them. */
export function widgetsAs(test: TestApp, token: string) {
  return {
    list: (supplierId: string, params = '') => test.call('GET', `${WIDGETS}/list?supplierId=${supplierId}${params}`, { token }),
    info: (supplierId: string, widgetId: string) =>
      test.call('GET', `${WIDGETS}/info?supplierId=${supplierId}&widgetId=${widgetId}`, { token }),
    products: (supplierId: string) => test.call('GET', `${WIDGETS}/products?supplierId=${supplierId}`, { token }),
    add: (body: AddWidgetBody) => test.call('POST', `${WIDGETS}/add`, { token, body }),
    edit: (body: EditWidgetBody) => test.call('POST', `${WIDGETS}/edit`, { token, body }),
    status: (supplierId: string, widgetId: string, status: string) =>
      test.call('POST', `${WIDGETS}/status`, { token, body: { supplierId, widgetId, status } }),
  };
}

/** A product of the company written straight to the database: approved and on sale unless told otherwise. */
export async function saleProduct(
  test: TestApp,
  supplierId: string,
  { name = 'Spa day', denominations, live = true }: { name?: string; denominations?: Denominations; live?: boolean } = {},
): Promise<string> {
  const data = productData(name, denominations ? { denominations } : {});
  const [row] = await test.database.db
    .insert(products)
    .values(productRow(supplierId, data, { live }))
    .returning({ id: products.id });
  return row!.id;
}

export const setActivity = (test: TestApp, productId: string, activity: 'active' | 'inactive') =>
  test.database.db.update(products).set({ activity }).where(eq(products.id, productId));

/** A company with an admin and one product on sale at 1 000.00 and 3 000.00. */
export async function widgetCompany(test: TestApp) {
  const supplierId = await reportCompany(test, 'RU');
  const admin = await reportMember(test, supplierId, ['roleAdmin']);
  const productId = await saleProduct(test, supplierId, {
    denominations: {
      kind: 'fixed',
      items: [100_000, 300_000].map((value) => ({ value, description: '', externalId: '' })),
      showDescriptionInPdf: false,
    },
  });
  const api = widgetsAs(test, admin.token);
  const settings = (overrides: Partial<AddWidgetBody> = {}): AddWidgetBody => ({
    supplierId,
    productId,
    denominations: [100_000, 300_000],
    colour: '#be123c',
    language: 'en',
    ...overrides,
  });
  return { supplierId, admin, productId, api, settings };
}
