import { deleteImageBody, imageQuery, orderImagesBody } from '@contract/schemas/catalogue';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv, Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { AppError } from '../../lib/errors';
import { signedInRoutes } from '../auth';
import { deleteImage, orderImages, readImage, uploadImage } from './service';

const tag = 'catalogue';

/** Where the company's image calls are mounted, under the API prefix. */
export const IMAGE_ROUTES_PATH = '/front/supplier/catalogue/images';
/**
 * The one API route whose body is a file, not JSON: the app's JSON-only check and
 * small body limit do not apply to it; the app reads it up to IMAGE_MAX_BYTES, the route checks its type.
 */
export const IMAGE_UPLOAD_PATH = `/api${IMAGE_ROUTES_PATH}/upload`;

/** A product's images, for the admins of its company (SPEC §5; decision 055), under /api/front/supplier/catalogue/images. */
export const catalogueImageRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .post(
      '/upload',
      describe({
        tag,
        can: 'manageCatalogue',
        summary:
          'Add an image (the raw body: JPEG or PNG as its Content-Type says, 1360×620 or larger in that ratio up to 5440×2480, at most 1 MB; at most 8 a product); stored at 1360×620 without metadata',
      }),
      validate('query', imageQuery),
      async (c) =>
        sendData(
          c,
          await uploadImage(deps, c.var.auth, c.req.valid('query'), {
            contentType: c.req.header('content-type'),
            // Read before the request took its place in the admission gate (server/app.ts, decision 075).
            bytes: new Uint8Array(await c.req.arrayBuffer()),
          }),
        ),
    )
    .post(
      '/order',
      describe({ tag, can: 'manageCatalogue', summary: "Put the product's images in a new order (the first is the cover)" }),
      validate('json', orderImagesBody),
      async (c) => sendData(c, await orderImages(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/delete',
      describe({ tag, can: 'manageCatalogue', summary: 'Take an image off the product (the approved version on sale keeps its own)' }),
      validate('json', deleteImageBody),
      async (c) => sendData(c, await deleteImage(deps, c.var.auth, c.req.valid('json'))),
    );

/** A malformed id is an image that does not exist: the answer is 404, as for an unknown one. */
const mediaParam = v.object({ imageId: v.pipe(v.string('IMAGE_NOT_FOUND'), v.uuid('IMAGE_NOT_FOUND')) });

/** An image id never changes content: browsers and proxies keep the answer for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const sendImage = async (deps: Deps, c: Context<AppEnv>, imageId: string, variant: 'full' | 'thumb') => {
  const image = await readImage(deps, imageId, variant);
  if (!image) throw new AppError('IMAGE_NOT_FOUND');
  return c.body(image.content as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': image.type,
    'Cache-Control': IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
  });
};

/** Product images for anyone (the marketplace shows them), under /api/media/product-images; addresses from `imageUrls`. */
export const productImageMediaRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get(
      '/:imageId/full',
      describe({
        tag,
        summary: 'A product image at 1360×620, of the type uploaded (JPEG or PNG), re-encoded without metadata; cached for a year',
        files: ['image/jpeg', 'image/png'],
      }),
      validate('param', mediaParam, 'IMAGE_NOT_FOUND'),
      (c) => sendImage(deps, c, c.req.valid('param').imageId, 'full'),
    )
    .get(
      '/:imageId/thumb',
      describe({ tag, summary: "A product image's 340×155 JPEG thumbnail; cached for a year", files: ['image/jpeg'] }),
      validate('param', mediaParam, 'IMAGE_NOT_FOUND'),
      (c) => sendImage(deps, c, c.req.valid('param').imageId, 'thumb'),
    );
