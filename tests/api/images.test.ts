import { randomBytes, randomUUID } from 'node:crypto';
import {
  IMAGE_HEIGHT,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_WIDTH,
  IMAGES_MAX,
  type ProductStatus,
} from '@contract/catalogue';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '../../server/db/schema';
import { demoProduct } from '../../server/seed-products';
import { memoryMb, resetPeakMemory } from '../support/linux-processes';
import { compressedChunk, pngBomb, pngChunks, withChunksAfterHeader } from '../support/png';
import type { TestApp, TestResponse } from './support/app';
import { createAuthTestApp, expectSafeAnswer } from './support/auth';
import { expectOk } from './support/companies';
import { companyWithAdmin, supplierIdOf } from './support/users';

/**
 * Product images (SPEC §5, decisions 055 and 076): the upload's raw body checked
 * on the server by its real content (JPEG or PNG as declared, 1360×620 or larger
 * in that ratio, at most 1 MB, PNG data in proportion to its pixels, at most 8 a
 * product) and stored as our own copy (1360×620, upright, no metadata), the
 * order and deletion, the live copy keeping its images, the public media route
 * with a year's cache, and the company's walls.
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
/** The PNG chunks a stored copy may have: the pixels, their palette and transparency, their density; no metadata. */
const PIXEL_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND']);

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
const storedImage = async (imageId: string) =>
  (await test.database.db.select().from(productImages).where(eq(productImages.id, imageId)))[0]!;
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
  it('stores a JPEG and a PNG, each as its own type, with server-made thumbnails, in order, and completes the images step', async () => {
    const productId = await newProduct();
    const jpeg = await flatImage('jpeg');
    const first = expectOk(await upload(productId, jpeg, 'image/jpeg'));
    expect(first.id).toBe(productId);
    expect(first.completedSteps).toContain('images');
    expect(first.data.images).toHaveLength(1);
    const [id] = first.data.images;
    // `bytes` is the stored copy's length: the upload itself is not kept.
    const storedJpeg = await storedImage(id);
    expect(first.images).toEqual([
      {
        id,
        url: `${MEDIA}/${id}/full`,
        thumbUrl: `${MEDIA}/${id}/thumb`,
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        bytes: storedJpeg.content.byteLength,
      },
    ]);

    const png = await flatImage('png');
    const second = expectOk(await upload(productId, png, 'image/png; charset=binary'));
    expect(second.data.images).toEqual([id, expect.any(String)]);
    expect(second.images.map((image: { id: string }) => image.id)).toEqual(second.data.images);

    const stored = await test.database.db.select().from(productImages).where(eq(productImages.productId, productId));
    expect(stored.map((row) => row.mime).sort()).toEqual(['image/jpeg', 'image/png']);
    for (const row of stored) {
      expect(row.bytes).toBe(row.content.byteLength);
      expect(await sharp(row.content).metadata()).toMatchObject({
        format: row.mime === 'image/png' ? 'png' : 'jpeg',
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
      });
    }
  });

  it('takes a file over the API’s 64 KiB JSON limit (the upload has its own, 1 MB)', async () => {
    const productId = await newProduct();
    const big = await noise('jpeg');
    expect(big.byteLength).toBeGreaterThan(64 * 1024);
    expect(big.byteLength).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    const saved = expectOk(await upload(productId, big, 'image/jpeg'));
    expect(saved.images[0].bytes).toBe((await storedImage(saved.images[0].id)).content.byteLength);
  });

  it('takes the ratio from 1360×620 up to 5440×2480 (issue 30: 2720×1240) and stores it at 1360×620', async () => {
    const productId = await newProduct();
    // The height may be either whole number next to width·620/1360 (683.8 for 1500).
    const sizes = [
      ['jpeg', 2720, 1240],
      ['png', 2720, 1240],
      ['jpeg', 1500, 683],
      ['png', 1500, 684],
      ['jpeg', 1361, 621],
      ['jpeg', IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT],
    ] as const;
    for (const [format, width, height] of sizes) {
      const saved = expectOk(await upload(productId, await flatImage(format, width, height), TYPE[format]));
      const image = saved.images.at(-1);
      expect([image.width, image.height]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
      const full = await mediaBytes(`${image.id}/full`);
      expect(full.response.headers.get('content-type')).toBe(TYPE[format]);
      expect(await sharp(full.bytes).metadata()).toMatchObject({ format, width: IMAGE_WIDTH, height: IMAGE_HEIGHT });
      expect(full.bytes.byteLength).toBe(image.bytes);
    }
    expect(await storedImages(productId)).toHaveLength(sizes.length);
  });

  it('refuses another ratio, a smaller or a larger image as IMAGE_WRONG_RATIO, whatever the type', async () => {
    const productId = await newProduct();
    const sizes = [
      ['jpeg', 1360, 621],
      ['jpeg', 1360, 619],
      ['png', 680, 310],
      ['png', 1359, 620],
      ['png', 620, 1360],
      ['jpeg', 2720, 1242],
      ['png', 1500, 685],
      ['jpeg', 1500, 682],
      ['jpeg', IMAGE_MAX_WIDTH + 68, IMAGE_MAX_HEIGHT + 31],
    ] as const;
    for (const [format, width, height] of sizes)
      expectError(await upload(productId, await flatImage(format, width, height), TYPE[format]), 422, 'IMAGE_WRONG_RATIO');
    expect(await storedImages(productId)).toEqual([]);
  });

  it('judges the size as shown: a 620×1360 JPEG that its EXIF turns sideways is 1360×620, and is stored upright', async () => {
    const productId = await newProduct();
    // Shown upright: red on the left half, blue on the right; stored sideways (turned back a quarter), with orientation 6.
    const halves = Buffer.alloc(IMAGE_WIDTH * IMAGE_HEIGHT * 3);
    for (let pixel = 0; pixel < IMAGE_WIDTH * IMAGE_HEIGHT; pixel += 1)
      halves[pixel * 3 + ((pixel % IMAGE_WIDTH) * 2 < IMAGE_WIDTH ? 0 : 2)] = 255;
    const sideways = await sharp(halves, { raw: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 3 } })
      .rotate(-90)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: IMAGE_HEIGHT, height: IMAGE_WIDTH, orientation: 6 });
    const saved = expectOk(await upload(productId, sideways, 'image/jpeg'));
    const thumb = await sharp((await mediaBytes(`${saved.data.images[0]}/thumb`)).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([340, 155]);
    const full = (await mediaBytes(`${saved.data.images[0]}/full`)).bytes;
    const metadata = await sharp(full).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT, undefined]);
    const { data } = await sharp(full).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number) => [...data.subarray((300 * IMAGE_WIDTH + x) * 3, (300 * IMAGE_WIDTH + x) * 3 + 3)];
    expect(at(100).map((value) => value > 128)).toEqual([true, false, false]);
    expect(at(IMAGE_WIDTH - 100).map((value) => value > 128)).toEqual([false, false, true]);
    // And the upright original of the same pixels is the wrong way round.
    const upright = await sharp({ create: { width: IMAGE_HEIGHT, height: IMAGE_WIDTH, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    expectError(await upload(productId, upright, 'image/jpeg'), 422, 'IMAGE_WRONG_RATIO');
  });

  it('stores no metadata: EXIF with its GPS position, XMP and ICC are gone from JPEGs and PNGs, colours in sRGB', async () => {
    const productId = await newProduct();
    const exif = {
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Some Shop' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
    };
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';
    const marked = (format: 'jpeg' | 'png') => {
      const image = sharp({ create: { width: 2720, height: 1240, channels: 3, background: '#cc3366' } });
      return (format === 'jpeg' ? image.jpeg() : image.png()).withExif(exif).withXmp(xmp).withIccProfile('p3').toBuffer();
    };
    for (const format of ['jpeg', 'png'] as const) {
      const file = await marked(format);
      const before = await sharp(file).metadata();
      expect([!!before.exif, !!before.xmp, !!before.icc]).toEqual([true, true, true]);
      expect(file.includes('PhoneMaker')).toBe(true);

      const saved = expectOk(await upload(productId, file, TYPE[format]));
      const { bytes } = await mediaBytes(`${saved.images.at(-1).id}/full`);
      const after = await sharp(bytes).metadata();
      expect([after.exif, after.xmp, after.icc, after.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect(after.space).toBe('srgb');
      // Byte by byte too: no EXIF block (JPEG APP1 "Exif", PNG eXIf), no XMP, no ICC, none of the camera's words.
      for (const trace of ['Exif', 'eXIf', 'PhoneMaker', 'Some Shop', 'xmpmeta', 'ICC_PROFILE', 'iCCP', 'GPS'])
        expect(bytes.includes(trace), `${format}: ${trace}`).toBe(false);
      if (format === 'png') expect(pngChunks(bytes).filter((chunk) => !PIXEL_CHUNKS.has(chunk.type))).toEqual([]);
    }
  });

  it('refuses issue 34’s PNG bomb (1360×620 RGBA, under 1 MB, inflating to 900 MB) as IMAGE_DATA_OUT_OF_PROPORTION, without memory growth', async () => {
    const productId = await newProduct();
    const bomb = await pngBomb(IMAGE_WIDTH, IMAGE_HEIGHT);
    expect(bomb.byteLength).toBeLessThan(IMAGE_MAX_BYTES);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'png', width: IMAGE_WIDTH, height: IMAGE_HEIGHT });
    resetPeakMemory(process.pid);
    const before = memoryMb(process.pid).peak;
    const started = performance.now();
    expectError(await upload(productId, bomb, 'image/png'), 422, 'IMAGE_DATA_OUT_OF_PROPORTION');
    const growth = Math.round(memoryMb(process.pid).peak - before);
    console.log(`bomb refused in ${Math.round(performance.now() - started)} ms; peak memory grew ${growth} MB`);
    // Inflated whole it would take 900 MB (and twice that while collected): the check counts and drops, and stops at 3.4 MB.
    expect(growth).toBeLessThan(64);
    expect(await storedImages(productId)).toEqual([]);
  });

  it('never inflates compressed metadata: a PNG with a 300 MB ICC profile and texts is taken, stored without them', async () => {
    const productId = await newProduct();
    const plain = await flatImage('png');
    const file = withChunksAfterHeader(
      plain,
      await Promise.all([compressedChunk('iCCP', 300 << 20), compressedChunk('zTXt', 300 << 20), compressedChunk('iTXt', 300 << 20)]),
    );
    expect(file.byteLength).toBeLessThan(IMAGE_MAX_BYTES);
    resetPeakMemory(process.pid);
    const before = memoryMb(process.pid).peak;
    const saved = expectOk(await upload(productId, file, 'image/png'));
    expect(memoryMb(process.pid).peak - before).toBeLessThan(64);
    const stored = await storedImage(saved.images[0].id);
    expect(pngChunks(stored.content).filter((chunk) => !PIXEL_CHUNKS.has(chunk.type))).toEqual([]);
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
  it('serves the stored copy and a smaller decodable 340×155 JPEG thumbnail, cached for a year, to anyone', async () => {
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
    expect(full.bytes.equals(Buffer.from((await storedImage(id)).content))).toBe(true);

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
    expect(fullPng.bytes.equals(Buffer.from((await storedImage(pngId)).content))).toBe(true);
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
