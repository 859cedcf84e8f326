import { randomUUID } from 'node:crypto';
import { IMAGE_HEIGHT, IMAGE_WIDTH, PRODUCT_STEPS, type ProductStep } from '@contract/catalogue';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { auditLog, productImages, products } from '../../../server/db/schema';
import { productRow as liveProductRow, productData } from '../../../server/seed-products';
import type { TestApp } from './app';
import { expectOk } from './companies';

export const CATALOGUE = '/api/front/supplier/catalogue';
export const ADMIN_PRODUCTS = '/api/admin/products';

/** Valid step bodies as the wizard sends them (money in minor units), each changed as a test needs. */
export const characteristics = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spa day',
  website: 'https://spa.example.test',
  detailedTitle: 'A day at the spa',
  cities: ['Moscow', 'Kazan'],
  productType: 'beauty',
  requiredOrderParameters: ['recipientEmail'],
  ...overrides,
});

export const fixedDenominations = (values = [100_000, 300_000]) => ({
  kind: 'fixed',
  items: values.map((value) => ({ value, description: '', externalId: '' })),
  showDescriptionInPdf: false,
});

export const rangeDenominations = (min = 10_000, max = 1_000_000, multiplicity = 10_000) => ({
  kind: 'range',
  min,
  max,
  multiplicity,
  showDescriptionInPdf: true,
});

export const ownCodes = (overrides: Record<string, unknown> = {}) => ({
  codeType: 'own',
  barcodeType: 'qr',
  pinRequired: true,
  codeTransfer: 'api',
  acceptance: 'online',
  accountingExport: 'code',
  ...overrides,
});

export const providerCodes = (overrides: Record<string, unknown> = {}) => ({
  codeType: 'provider',
  barcodeType: 'code128',
  pinRequired: true,
  codeTransfer: 'email',
  acceptance: 'online',
  exampleNumber: 'AB000001',
  codeBlocking: true,
  sampleCode: 'AB123456',
  samplePin: '1234',
  codePattern: '[A-Z]{2}[0-9]{6}',
  pinPattern: '[0-9]{4}',
  accountingExport: 'serial',
  ...overrides,
});

export const receptionPoint = (overrides: Record<string, unknown> = {}) => ({
  region: 'Moscow',
  city: 'Moscow',
  street: 'Tverskaya',
  house: '1',
  postcode: '125009',
  ...overrides,
});

export const terms = (overrides: Record<string, unknown> = {}) => ({
  validity: { kind: 'months', months: 12 },
  multiUse: { kind: 'no' },
  disposability: 'disposable',
  delivery: 'noPhysicalGoods',
  ...overrides,
});

/** The steps after the first, in order, as a complete product has them. */
export const COMPLETE_STEPS = [
  ['denominations', fixedDenominations()],
  ['information', ownCodes()],
  ['terms', terms()],
] as const;

/** The company calls as one user makes them. */
export function catalogueAs(test: TestApp, token: string, supplierId: string) {
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
  return {
    list: (params: Record<string, string | number> = {}) =>
      test.call('GET', `${CATALOGUE}/list?${query({ supplierId, ...params })}`, { token }),
    info: (productId: string) => test.call('GET', `${CATALOGUE}/info?${query({ supplierId, productId })}`, { token }),
    create: (data: unknown = characteristics()) => test.call('POST', `${CATALOGUE}/create`, { token, body: { supplierId, data } }),
    save: (productId: string, step: string, data: unknown, extra: Record<string, unknown> = {}) =>
      test.call('POST', `${CATALOGUE}/save`, { token, body: { supplierId, productId, step, data, ...extra } }),
    submit: (productId: string) => test.call('POST', `${CATALOGUE}/submit`, { token, body: { supplierId, productId } }),
    remove: (productId: string) => test.call('POST', `${CATALOGUE}/delete`, { token, body: { supplierId, productId } }),
  };
}

/** The staff calls as one user makes them. */
export function staffAs(test: TestApp, token: string) {
  return {
    list: (params: Record<string, string> = {}) =>
      test.call('GET', `${ADMIN_PRODUCTS}?${new URLSearchParams(params).toString()}`, { token }),
    info: (productId: string) => test.call('GET', `${ADMIN_PRODUCTS}/${productId}`, { token }),
    save: (productId: string, step: string, data: unknown, extra: Record<string, unknown> = {}) =>
      test.call('POST', `${ADMIN_PRODUCTS}/${productId}/save`, { token, body: { step, data, ...extra } }),
    finish: (productId: string, decision: string, comment?: string) =>
      test.call('POST', `${ADMIN_PRODUCTS}/${productId}/finish`, { token, body: { decision, comment } }),
    reset: (productId: string) => test.call('POST', `${ADMIN_PRODUCTS}/${productId}/reset`, { token }),
  };
}

/**
 * Adds an image to the working copy straight in the database, as the upload would (the upload
 * itself is tested in images.test.ts): the row, its place in the copy's list, the images step done.
 */
export async function addImage(test: TestApp, productId: string): Promise<string> {
  const { db } = test.database;
  const [image] = await db
    .insert(productImages)
    .values({
      productId,
      mime: 'image/png',
      width: 1360,
      height: 620,
      bytes: 3,
      content: new Uint8Array([1, 2, 3]),
      thumb: new Uint8Array([4]),
    })
    .returning({ id: productImages.id });
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  const steps = new Set<ProductStep>([...row!.completedSteps, 'images']);
  await db
    .update(products)
    .set({
      data: { ...row!.data, images: [...row!.data.images, image!.id] },
      completedSteps: PRODUCT_STEPS.filter((step) => steps.has(step)),
    })
    .where(eq(products.id, productId));
  return image!.id;
}

/** A product with every step saved through the API and an image: ready to submit. Answers its id. */
export async function completeProduct(test: TestApp, token: string, supplierId: string, name = 'Spa day'): Promise<string> {
  const catalogue = catalogueAs(test, token, supplierId);
  const { id } = expectOk(await catalogue.create(characteristics({ name })));
  for (const [step, data] of COMPLETE_STEPS) expectOk(await catalogue.save(id, step, data));
  await addImage(test, id);
  return id;
}

/** A product submitted by the company: on moderation. */
export async function submittedProduct(test: TestApp, token: string, supplierId: string, name?: string): Promise<string> {
  const id = await completeProduct(test, token, supplierId, name);
  expectOk(await catalogueAs(test, token, supplierId).submit(id));
  return id;
}

export const productRow = async (test: TestApp, productId: string) =>
  (await test.database.db.select().from(products).where(eq(products.id, productId)))[0]!;

/** The audit log's entries of one action about one product. */
export const productAudit = (test: TestApp, action: string, productId: string) =>
  test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.details}->>'productId' = ${productId}`));

/**
 * An approved product on sale whose cover is the PNG `content` stored as it is,
 * the upload's checks bypassed: a row from before decision 076, when files were
 * kept as uploaded (a decompression bomb among them). Answers its id.
 */
export async function productWithStoredCover(db: Db, supplierId: string, name: string, content: Uint8Array): Promise<string> {
  const imageId = randomUUID();
  const [product] = await db
    .insert(products)
    .values(liveProductRow(supplierId, { ...productData(name), images: [imageId] }))
    .returning({ id: products.id });
  await db.insert(productImages).values({
    id: imageId,
    productId: product!.id,
    mime: 'image/png',
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
    bytes: content.byteLength,
    content,
    thumb: new Uint8Array(0),
  });
  return product!.id;
}
