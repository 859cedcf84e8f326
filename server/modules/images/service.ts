import { IMAGES_MAX, type ProductData, type ProductDetails } from '@contract/catalogue';
import type { deleteImageBody, imageQuery, orderImagesBody } from '@contract/schemas/catalogue';
import { and, eq, notInArray } from 'drizzle-orm';
import type * as v from 'valibot';
import type { Executor, Tx } from '../../db/client';
import { productImages } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { applyEdit, detailsOf, lockForEdit, type Editor, type ProductRow } from '../catalogue';
import { checkImage, declaredType, THUMB_TYPE } from './file';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/**
 * Deletes the product's image rows that neither copy shows: the live copy keeps
 * selling with its images while the working copy drops them. Call it, under the
 * product's lock, after any change that may leave an image behind (a deletion
 * here, an approval that replaces the live copy).
 */
export async function dropUnusedImages(tx: Executor, product: Pick<ProductRow, 'id' | 'data' | 'live'>): Promise<void> {
  const used = [...new Set([...product.data.images, ...(product.live?.images ?? [])])];
  await tx
    .delete(productImages)
    .where(and(eq(productImages.productId, product.id), used.length ? notInArray(productImages.id, used) : undefined));
}

interface ImageChange {
  tx: Tx;
  row: ProductRow;
  /** Writes the working copy's new image list: the step is complete while it has one. */
  save(images: string[]): Promise<ProductRow>;
}

interface Target {
  supplierId: string;
  productId: string;
}

/** Images are part of the catalogue (checked before any transaction: it reads through deps.db). */
const requireAdmin = (deps: Deps, auth: AuthContext, { supplierId }: Target) =>
  requireMembership(deps, auth.userId, supplierId, 'manageCatalogue');

/**
 * Runs a change of a product's images: one transaction holding the product's
 * lock (lockForEdit), so parallel uploads and deletions take turns and each sees
 * the list the one before left. Another company's product is missing; one on
 * moderation cannot change. Answers the product as it stands afterwards.
 */
async function changeImages(deps: Deps, { supplierId, productId }: Target, work: (change: ImageChange) => Promise<ProductRow>) {
  const editor: Editor = { kind: 'supplier', supplierId };
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockForEdit(tx, productId, editor);
    const save = (images: string[]) =>
      applyEdit(tx, row, { data: { ...row.data, images } satisfies ProductData, step: 'images', complete: images.length > 0 }, editor, now);
    return detailsOf(tx, await work({ tx, row, save }));
  });
}

/**
 * Adds an image to the end of the working copy's list (SPEC §5: JPEG or PNG,
 * 1360×620 or larger in that ratio, at most 1 MB, at most 8; its bytes were read
 * before the request took its place in the gate). Who may and whether there is
 * room are checked before the file is looked at; the file is checked,
 * re-encoded at 1360×620 and thumbnailed outside the transaction (decision 076:
 * the copy stored is ours, not the upload); the count is checked again under
 * the lock, so ten parallel uploads to an empty product store exactly eight.
 */
export async function uploadImage(
  deps: Deps,
  auth: AuthContext,
  target: Out<typeof imageQuery>,
  request: { contentType: string | undefined; bytes: Uint8Array },
): Promise<ProductDetails> {
  await requireAdmin(deps, auth, target);
  // Nothing is decoded for a product that cannot take it; the answer is the one the change would give.
  await deps.db.transaction(async (tx) => {
    const row = await lockForEdit(tx, target.productId, { kind: 'supplier', supplierId: target.supplierId });
    if (row.data.images.length >= IMAGES_MAX) fail('IMAGE_LIMIT');
  });
  const declared = declaredType(request.contentType);
  const { bytes } = request;
  const image = await checkImage(bytes, declared);
  return changeImages(deps, target, async ({ tx, row, save }) => {
    if (row.data.images.length >= IMAGES_MAX) fail('IMAGE_LIMIT');
    const [stored] = await tx
      .insert(productImages)
      .values({ productId: row.id, ...image })
      .returning({ id: productImages.id });
    return save([...row.data.images, stored!.id]);
  });
}

/** Puts the working copy's images in a new order: exactly the images it has, each once. */
export async function orderImages(deps: Deps, auth: AuthContext, body: Out<typeof orderImagesBody>): Promise<ProductDetails> {
  await requireAdmin(deps, auth, body);
  return changeImages(deps, body, async ({ row, save }) => {
    const current = new Set(row.data.images);
    const unknown = body.imageIds.findIndex((id) => !current.has(id));
    if (unknown >= 0) fail('VALIDATION_ERROR', { fields: { [`imageIds.${unknown}`]: 'IMAGE_NOT_FOUND' } });
    if (body.imageIds.length !== current.size) fail('VALIDATION_ERROR', { fields: { imageIds: 'WRONG_TYPE' } });
    // The same order changes nothing: an approved product does not become a draft for it.
    return body.imageIds.join() === row.data.images.join() ? row : save(body.imageIds);
  });
}

/** Takes an image off the working copy; its file goes too unless the live copy still shows it. */
export async function deleteImage(deps: Deps, auth: AuthContext, body: Out<typeof deleteImageBody>): Promise<ProductDetails> {
  await requireAdmin(deps, auth, body);
  return changeImages(deps, body, async ({ tx, row, save }) => {
    if (!row.data.images.includes(body.imageId)) fail('IMAGE_NOT_FOUND');
    const saved = await save(row.data.images.filter((id) => id !== body.imageId));
    await dropUnusedImages(tx, saved);
    return saved;
  });
}

/** One stored picture, for the public media route; null when there is no such image. */
export async function readImage(deps: Deps, imageId: string, variant: 'full' | 'thumb') {
  const [image] = await deps.db
    .select({ mime: productImages.mime, content: variant === 'full' ? productImages.content : productImages.thumb })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  return image ? { type: variant === 'full' ? image.mime : THUMB_TYPE, content: image.content } : null;
}
