import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '../../server/db/schema';
import { demoProduct } from '../../server/seed-products';
import { IMAGE_HEIGHT, IMAGE_MAX_BYTES, IMAGE_WIDTH, IMAGES_MAX, type ProductStatus } from '../../src/contract/catalogue';
import type { TestApp, TestResponse } from './support/app';
import { createAuthTestApp, expectSafeAnswer } from './support/auth';
import { expectOk } from './support/companies';
import { companyWithAdmin, supplierIdOf } from './support/users';

/**
 * Product images (SPEC §5, decision 055): the upload's raw body checked on the
 * server by its real content (JPEG or PNG as declared, exactly 1360×620, at most
 * 1 MB, at most 8 a product), the order and deletion, the live copy keeping its
 * images, the public media route with a year's cache, and the company's walls.
 */

const IMAGES = '/api/front/supplier/catalogue/images';
const MEDIA = '/api/media/product-images';

let test: TestApp;
let admin: string;
let mainId: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  admin = (await test.login('admin@demo.test')).accessToken;
  mainId = await supplierIdOf(test, 'Demo Gifts');
});
afterAll(() => test?.close());

/** A draft product of the company (the way the wizard leaves one after its first steps), straight in the database. */
async function newProduct(supplierId = mainId, status: ProductStatus = 'draft'): Promise<string> {
  const product = demoProduct({ supplierId, name: 'Photo gift', productType: 'goods', values: [100_000], uses: 1 });
  const [row] = await test.database.db
    .insert(products)
    .values({ ...product, status, live: null, completedSteps: ['characteristics', 'denominations', 'information', 'terms'] })
    .returning({ id: products.id });
  return row!.id;
}

let colour = 0;
/** A valid image of one flat colour, a different one each time (so each file is its own). */
const flatImage = (format: 'jpeg' | 'png', width = IMAGE_WIDTH, height = IMAGE_HEIGHT) => {
  colour += 1;
  const background = { r: colour % 256, g: (colour * 7) % 256, b: (colour * 13) % 256 };
  const image = sharp({ create: { width, height, channels: 3, background } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};
/** Random pixels compress badly: a JPEG of them is far over the API's 64 KiB JSON limit, a PNG over 1 MB. */
const noise = (format: 'jpeg' | 'png') => {
  const image = sharp(randomBytes(IMAGE_WIDTH * IMAGE_HEIGHT * 3), { raw: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 3 } });
  return (format === 'jpeg' ? image.jpeg({ quality: 20 }) : image.png()).toBuffer();
};

const TYPE = { jpeg: 'image/jpeg', png: 'image/png' } as const;

async function answer(response: Response): Promise<TestResponse> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const result = { status: response.status, headers: response.headers, body, text };
  expectSafeAnswer(result);
  return result;
}

/** POST /upload with the file as the raw body. */
const upload = async (
  productId: string,
  file: Uint8Array | ReadableStream<Uint8Array>,
  contentType: string | null,
  { token = admin, supplierId = mainId, headers = {} as Record<string, string> } = {},
) =>
  answer(
    await test.app.request(`${IMAGES}/upload?supplierId=${supplierId}&productId=${productId}`, {
      method: 'POST',
      body: file as BodyInit,
      headers: { authorization: `Bearer ${token}`, ...(contentType && { 'content-type': contentType }), ...headers },
      ...(file instanceof ReadableStream && { duplex: 'half' }),
    } as RequestInit),
  );

const order = (productId: string, imageIds: string[], { token = admin, supplierId = mainId } = {}) =>
  test.call('POST', `${IMAGES}/order`, { token, body: { supplierId, productId, imageIds } });
const remove = (productId: string, imageId: string, { token = admin, supplierId = mainId } = {}) =>
  test.call('POST', `${IMAGES}/delete`, { token, body: { supplierId, productId, imageId } });
const media = async (path: string) => answer(await test.app.request(`${MEDIA}/${path}`));
const mediaBytes = async (path: string) => {
  const response = await test.app.request(`${MEDIA}/${path}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

const rowOf = async (productId: string) => (await test.database.db.select().from(products).where(eq(products.id, productId)))[0]!;
const storedImages = (productId: string) =>
  test.database.db.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, productId));

const expectError = (response: TestResponse, status: number, code: string) => {
  expect(response.status, response.text).toBe(status);
  expect(response.body.error.code).toBe(code);
};

/** Uploads images one after another; answers their ids in order. */
async function withImages(productId: string, count: number): Promise<string[]> {
  let ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids = expectOk(await upload(productId, await flatImage(index % 2 ? 'png' : 'jpeg'), TYPE[index % 2 ? 'png' : 'jpeg'])).data.images;
  }
  return ids;
}

describe('upload', () => {
  it('stores a JPEG and a PNG with server-made thumbnails, in order, and completes the images step', async () => {
    const productId = await newProduct();
    const jpeg = await flatImage('jpeg');
    const first = expectOk(await upload(productId, jpeg, 'image/jpeg'));
    expect(first.id).toBe(productId);
    expect(first.completedSteps).toContain('images');
    expect(first.data.images).toHaveLength(1);
    const [id] = first.data.images;
    expect(first.images).toEqual([
      {
        id,
        url: `${MEDIA}/${id}/full`,
        thumbUrl: `${MEDIA}/${id}/thumb`,
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        bytes: jpeg.byteLength,
      },
    ]);

    const png = await flatImage('png');
    const second = expectOk(await upload(productId, png, 'image/png; charset=binary'));
    expect(second.data.images).toEqual([id, expect.any(String)]);
    expect(second.images.map((image: { id: string }) => image.id)).toEqual(second.data.images);

    const stored = await test.database.db.select().from(productImages).where(eq(productImages.productId, productId));
    expect(stored.map((row) => row.mime).sort()).toEqual(['image/jpeg', 'image/png']);
    const storedPng = stored.find((row) => row.mime === 'image/png')!;
    expect(Buffer.from(storedPng.content).equals(png)).toBe(true);
  });

  it('takes a file over the API’s 64 KiB JSON limit (the upload has its own, 1 MB)', async () => {
    const productId = await newProduct();
    const big = await noise('jpeg');
    expect(big.byteLength).toBeGreaterThan(64 * 1024);
    expect(big.byteLength).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    const saved = expectOk(await upload(productId, big, 'image/jpeg'));
    expect(saved.images[0].bytes).toBe(big.byteLength);
  });

  it('refuses a wrong size as IMAGE_WRONG_RATIO, whatever the type', async () => {
    const productId = await newProduct();
    expectError(await upload(productId, await flatImage('jpeg', 1360, 621), 'image/jpeg'), 422, 'IMAGE_WRONG_RATIO');
    expectError(await upload(productId, await flatImage('png', 680, 310), 'image/png'), 422, 'IMAGE_WRONG_RATIO');
    expectError(await upload(productId, await flatImage('png', 620, 1360), 'image/png'), 422, 'IMAGE_WRONG_RATIO');
    expect(await storedImages(productId)).toEqual([]);
  });

  it('judges the size as shown: a 620×1360 JPEG that its EXIF turns sideways is 1360×620', async () => {
    const productId = await newProduct();
    const sideways = await sharp({ create: { width: IMAGE_HEIGHT, height: IMAGE_WIDTH, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const saved = expectOk(await upload(productId, sideways, 'image/jpeg'));
    const thumb = await sharp((await mediaBytes(`${saved.data.images[0]}/thumb`)).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([340, 155]);
    // And the upright original of the same pixels is the wrong way round.
    const upright = await sharp({ create: { width: IMAGE_HEIGHT, height: IMAGE_WIDTH, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    expectError(await upload(productId, upright, 'image/jpeg'), 422, 'IMAGE_WRONG_RATIO');
  });

  it('refuses more than 1 MB as IMAGE_TOO_LARGE: a noisy 1360×620 PNG, a declared length, a longer chunked body', async () => {
    const productId = await newProduct();
    const big = await noise('png');
    expect(big.byteLength).toBeGreaterThan(IMAGE_MAX_BYTES);
    expectError(await upload(productId, big, 'image/png'), 422, 'IMAGE_TOO_LARGE');

    // A declared length over the limit is refused before the body is read at all.
    let pulled = 0;
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
    expectError(
      await upload(productId, endless(), 'image/png', { headers: { 'content-length': String(IMAGE_MAX_BYTES + 1) } }),
      422,
      'IMAGE_TOO_LARGE',
    );
    expect(pulled).toBeLessThanOrEqual(2 * 64 * 1024);

    // With no length, an endless body is read only up to the limit, then cut off.
    pulled = 0;
    expectError(await upload(productId, endless(), 'image/png'), 422, 'IMAGE_TOO_LARGE');
    expect(pulled).toBeGreaterThan(IMAGE_MAX_BYTES);
    expect(pulled).toBeLessThanOrEqual(IMAGE_MAX_BYTES + 3 * 64 * 1024);
    expect(await storedImages(productId)).toEqual([]);
  });

  it('refuses anything but a JPEG or PNG of the declared type as IMAGE_WRONG_TYPE', async () => {
    const productId = await newProduct();
    const png = await flatImage('png');
    const jpeg = await flatImage('jpeg');
    const gif = await sharp({ create: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    const text = new TextEncoder().encode('not an image, just text\n'.repeat(100));
    const cases: [Uint8Array, string | null][] = [
      [png, 'image/jpeg'],
      [jpeg, 'image/png'],
      [text, 'image/png'],
      [gif, 'image/gif'],
      [gif, 'image/png'],
      [webp, 'image/webp'],
      [webp, 'image/jpeg'],
      [png, 'application/json'],
      [png, 'application/octet-stream'],
      [png, 'image/jpg'],
      [png, null],
      [new Uint8Array(0), 'image/png'],
      [jpeg.subarray(0, 2000), 'image/jpeg'],
    ];
    for (const [file, type] of cases) expectError(await upload(productId, file, type), 422, 'IMAGE_WRONG_TYPE');
    expect(await storedImages(productId)).toEqual([]);
  });

  it('refuses the 9th image as IMAGE_LIMIT', async () => {
    const productId = await newProduct();
    const ids = await withImages(productId, IMAGES_MAX);
    expect(ids).toHaveLength(IMAGES_MAX);
    expectError(await upload(productId, await flatImage('jpeg'), 'image/jpeg'), 422, 'IMAGE_LIMIT');
    expect(await storedImages(productId)).toHaveLength(IMAGES_MAX);
  });

  it('stores exactly 8 of 10 parallel uploads to an empty product', async () => {
    const productId = await newProduct();
    const files = await Promise.all(Array.from({ length: 10 }, () => flatImage('jpeg')));
    const answers = await Promise.all(files.map((file) => upload(productId, file, 'image/jpeg')));
    expect(answers.map((response) => response.status).sort()).toEqual([...Array(8).fill(200), 422, 422]);
    for (const response of answers.filter((item) => item.status !== 200)) expect(response.body.error.code).toBe('IMAGE_LIMIT');
    expect(await storedImages(productId)).toHaveLength(IMAGES_MAX);
    expect((await rowOf(productId)).data.images).toHaveLength(IMAGES_MAX);
  });

  it('makes an approved product a draft again, its live copy untouched; refuses one on moderation', async () => {
    const productId = await newProduct();
    await withImages(productId, 1);
    const row = await rowOf(productId);
    await test.database.db.update(products).set({ status: 'active', live: row.data }).where(eq(products.id, productId));
    const saved = expectOk(await upload(productId, await flatImage('png'), 'image/png'));
    expect(saved).toMatchObject({ status: 'draft', live: true });
    expect((await rowOf(productId)).live!.images).toEqual(row.data.images);

    const onModeration = await newProduct(mainId, 'moderation');
    expectError(await upload(onModeration, await flatImage('png'), 'image/png'), 409, 'PRODUCT_NOT_EDITABLE');
  });
});

describe('order and delete', () => {
  it('reorders exactly the current images; anything else is refused and nothing changes', async () => {
    const productId = await newProduct();
    const ids = await withImages(productId, 3);
    const reversed = [...ids].reverse();
    const saved = expectOk(await order(productId, reversed));
    expect(saved.data.images).toEqual(reversed);
    expect(saved.images.map((image: { id: string }) => image.id)).toEqual(reversed);

    const missing = await order(productId, reversed.slice(0, 2));
    expectError(missing, 422, 'VALIDATION_ERROR');
    expect(missing.body.error.fields).toEqual({ imageIds: 'WRONG_TYPE' });
    const unknown = await order(productId, [reversed[0]!, reversed[1]!, randomUUID()]);
    expectError(unknown, 422, 'VALIDATION_ERROR');
    expect(unknown.body.error.fields).toEqual({ 'imageIds.2': 'IMAGE_NOT_FOUND' });
    const twice = await order(productId, [reversed[0]!, reversed[0]!, reversed[1]!]);
    expectError(twice, 422, 'VALIDATION_ERROR');
    expect(twice.body.error.fields).toEqual({ imageIds: 'DUPLICATE_VALUE' });
    const malformed = await order(productId, ['not-an-id']);
    expectError(malformed, 422, 'VALIDATION_ERROR');
    expect(malformed.body.error.fields).toEqual({ 'imageIds.0': 'IMAGE_NOT_FOUND' });
    // Another product's image is not this one's.
    const [foreign] = await withImages(await newProduct(), 1);
    expectError(await order(productId, [reversed[0]!, reversed[1]!, foreign!]), 422, 'VALIDATION_ERROR');
    expect((await rowOf(productId)).data.images).toEqual(reversed);
  });

  it('the same order changes nothing: an approved product stays approved', async () => {
    const productId = await newProduct();
    const ids = await withImages(productId, 2);
    await test.database.db
      .update(products)
      .set({ status: 'active', live: (await rowOf(productId)).data })
      .where(eq(products.id, productId));
    expect(expectOk(await order(productId, ids)).status).toBe('active');
  });

  it('deletes an image and its file; the last one leaves the images step incomplete', async () => {
    const productId = await newProduct();
    const [first, second] = await withImages(productId, 2);
    const afterOne = expectOk(await remove(productId, first!));
    expect(afterOne.data.images).toEqual([second]);
    expect(afterOne.completedSteps).toContain('images');
    expectError(await media(`${first}/full`), 404, 'IMAGE_NOT_FOUND');
    const afterAll = expectOk(await remove(productId, second!));
    expect(afterAll.data.images).toEqual([]);
    expect(afterAll.images).toEqual([]);
    expect(afterAll.completedSteps).not.toContain('images');
    expect(await storedImages(productId)).toEqual([]);

    expectError(await remove(productId, second!), 404, 'IMAGE_NOT_FOUND');
    expectError(await remove(productId, randomUUID()), 404, 'IMAGE_NOT_FOUND');
    const malformed = await remove(productId, 'x');
    expectError(malformed, 422, 'VALIDATION_ERROR');
    expect(malformed.body.error.fields).toEqual({ imageId: 'IMAGE_NOT_FOUND' });
  });

  it('keeps the file of an image the live copy still sells with, until that copy no longer shows it', async () => {
    const productId = await newProduct();
    const [kept, dropped] = await withImages(productId, 2);
    await test.database.db
      .update(products)
      .set({ status: 'active', live: { ...(await rowOf(productId)).data, images: [kept!] } })
      .where(eq(products.id, productId));
    const saved = expectOk(await remove(productId, kept!));
    expect(saved).toMatchObject({ status: 'draft', live: true });
    expect(saved.data.images).toEqual([dropped]);
    expect((await media(`${kept}/full`)).status).toBe(200);
    expect((await storedImages(productId)).map((image) => image.id).sort()).toEqual([kept, dropped].sort());
  });
});

describe('media', () => {
  it('serves the original bytes and a smaller decodable 340×155 JPEG thumbnail, cached for a year, to anyone', async () => {
    const productId = await newProduct();
    const original = await noise('jpeg');
    const png = await flatImage('png');
    expectOk(await upload(productId, original, 'image/jpeg'));
    const [id, pngId] = expectOk(await upload(productId, png, 'image/png')).data.images;

    const full = await mediaBytes(`${id}/full`);
    expect(full.response.status).toBe(200);
    expect(full.response.headers.get('content-type')).toBe('image/jpeg');
    expect(full.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(full.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.bytes.equals(original)).toBe(true);

    const thumb = await mediaBytes(`${id}/thumb`);
    expect(thumb.response.status).toBe(200);
    expect(thumb.response.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(thumb.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(thumb.bytes.byteLength).toBeLessThan(full.bytes.byteLength);
    const decoded = await sharp(thumb.bytes).metadata();
    expect(decoded).toMatchObject({ format: 'jpeg', width: 340, height: 155 });
    await sharp(thumb.bytes).raw().toBuffer();

    const fullPng = await mediaBytes(`${pngId}/full`);
    expect(fullPng.response.headers.get('content-type')).toBe('image/png');
    expect(fullPng.bytes.equals(png)).toBe(true);
    expect((await mediaBytes(`${pngId}/thumb`)).response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 404 with no cache for an unknown or malformed id or an unknown variant', async () => {
    const unknown = await media(`${randomUUID()}/full`);
    expectError(unknown, 404, 'IMAGE_NOT_FOUND');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expectError(await media(`${randomUUID()}/thumb`), 404, 'IMAGE_NOT_FOUND');
    expectError(await media('not-a-uuid/full'), 404, 'IMAGE_NOT_FOUND');
    expectError(await media(`${randomUUID()}/medium`), 404, 'NOT_FOUND');
    expectError(await media(randomUUID()), 404, 'NOT_FOUND');
  });
});

describe('who may', () => {
  it('refuses another company on every call, and people who are not the company’s admins', async () => {
    const productId = await newProduct();
    const [id] = await withImages(productId, 1);
    const other = await companyWithAdmin(test, 'RU', 'images-other');
    const file = await flatImage('jpeg');

    // Their own company named: the product is not theirs.
    const asOther = { token: other.token, supplierId: other.supplierId };
    expectError(await upload(productId, file, 'image/jpeg', asOther), 404, 'PRODUCT_NOT_FOUND');
    expectError(await order(productId, [id!], asOther), 404, 'PRODUCT_NOT_FOUND');
    expectError(await remove(productId, id!, asOther), 404, 'PRODUCT_NOT_FOUND');
    // Our company named: they are not in it.
    const intruding = { token: other.token };
    expectError(await upload(productId, file, 'image/jpeg', intruding), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await order(productId, [id!], intruding), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await remove(productId, id!, intruding), 404, 'SUPPLIER_NOT_FOUND');
    // Their product, our company's call: ours is not found either.
    const theirs = await newProduct(other.supplierId);
    expectError(await upload(theirs, file, 'image/jpeg'), 404, 'PRODUCT_NOT_FOUND');

    const accountant = (await test.login('accountant@demo.test')).accessToken;
    expectError(await upload(productId, file, 'image/jpeg', { token: accountant }), 403, 'FORBIDDEN');
    expectError(await order(productId, [id!], { token: accountant }), 403, 'FORBIDDEN');
    expectError(await remove(productId, id!, { token: accountant }), 403, 'FORBIDDEN');

    expectError(await upload(productId, file, 'image/jpeg', { token: 'nope' }), 401, 'UNAUTHORIZED');
    const anonymous = await answer(
      await test.app.request(`${IMAGES}/upload?supplierId=${mainId}&productId=${productId}`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': 'image/jpeg' },
      }),
    );
    expectError(anonymous, 401, 'UNAUTHORIZED');
    expectError(
      await test.call('POST', `${IMAGES}/order`, { body: { supplierId: mainId, productId, imageIds: [id] } }),
      401,
      'UNAUTHORIZED',
    );
    expect((await rowOf(productId)).data.images).toEqual([id]);
  });

  it('checks the query first: a missing or malformed product is refused before any file is read', async () => {
    const file = await flatImage('jpeg');
    const response = await answer(
      await test.app.request(`${IMAGES}/upload?supplierId=${mainId}`, {
        method: 'POST',
        body: file,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/jpeg' },
      }),
    );
    expectError(response, 422, 'VALIDATION_ERROR');
    expect(response.body.error.fields).toEqual({ productId: 'REQUIRED' });
    expectError(await upload(randomUUID(), file, 'image/jpeg'), 404, 'PRODUCT_NOT_FOUND');
  });

  it('keeps the JSON-only rule and the small body limit on every other route', async () => {
    const productId = await newProduct();
    const file = await flatImage('jpeg');
    const raw = async (path: string) =>
      answer(
        await test.app.request(path, {
          method: 'POST',
          body: file,
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/jpeg' },
        }),
      );
    expectError(await raw(`${IMAGES}/order`), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await raw(`${IMAGES}/upload/?supplierId=${mainId}&productId=${productId}`), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = JSON.stringify({ supplierId: mainId, productId, imageIds: [], padding: 'x'.repeat(70 * 1024) });
    expectError(await test.call('POST', `${IMAGES}/order`, { token: admin, body: big }), 413, 'PAYLOAD_TOO_LARGE');
  });
});
