import sharp from 'sharp';
import { IMAGE_HEIGHT, IMAGE_WIDTH, type IMAGE_TYPES } from '../../../src/contract/catalogue';
import { fail } from '../../lib/errors';

export type ImageType = (typeof IMAGE_TYPES)[number];

/** The grid's picture: a quarter of the image each way, always JPEG. */
export const THUMB_WIDTH = IMAGE_WIDTH / 4;
export const THUMB_HEIGHT = IMAGE_HEIGHT / 4;
export const THUMB_TYPE = 'image/jpeg';

const FORMAT_TYPES: Partial<Record<string, ImageType>> = { jpeg: 'image/jpeg', png: 'image/png' };

/** The type the request declares, when it is one we take (parameters such as a charset are ignored). */
export function declaredType(header: string | undefined): ImageType {
  const match = header && /^\s*(image\/(?:jpeg|png))\s*(;|$)/i.exec(header);
  return match ? (match[1]!.toLowerCase() as ImageType) : fail('IMAGE_WRONG_TYPE');
}

export interface CheckedImage {
  mime: ImageType;
  width: number;
  height: number;
  thumb: Uint8Array;
}

/**
 * What the bytes really are, whatever the request said: a JPEG or PNG of the
 * declared type (the file's own header decides, not its name or the header), of
 * exactly 1360×620 as shown (EXIF rotation applied), that decodes in full. The
 * size is checked before any pixel is decoded, so no file can make us decode more.
 */
export async function checkImage(bytes: Uint8Array, declared: ImageType): Promise<CheckedImage> {
  // sharp throws at once on an empty buffer, later on one it cannot read.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes).metadata())
    .catch(() => fail('IMAGE_WRONG_TYPE'));
  const mime = FORMAT_TYPES[metadata.format];
  if (!mime || mime !== declared || (metadata.pages ?? 1) > 1) return fail('IMAGE_WRONG_TYPE');
  const { width, height } = metadata.autoOrient;
  if (width !== IMAGE_WIDTH || height !== IMAGE_HEIGHT) return fail('IMAGE_WRONG_RATIO');
  const thumb = await sharp(bytes, { limitInputPixels: IMAGE_WIDTH * IMAGE_HEIGHT })
    .autoOrient()
    .resize(THUMB_WIDTH, THUMB_HEIGHT)
    // Transparent parts of a PNG on white, as the page shows them, not black.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer()
    .catch(() => fail('IMAGE_WRONG_TYPE'));
  return { mime, width, height, thumb };
}
