import { IMAGE_HEIGHT, IMAGE_MAX_PIXELS, IMAGE_WIDTH, imageSizeFits, type IMAGE_TYPES } from '@contract/catalogue';
import sharp from 'sharp';
import { fail } from '../../lib/errors';
import { checkPngData } from './png';

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

/** What product_images keeps of an upload: the stored copy, its size and type, and its thumbnail. */
export interface CheckedImage {
  mime: ImageType;
  width: number;
  height: number;
  /** The stored copy's length, not the upload's. */
  bytes: number;
  content: Uint8Array;
  thumb: Uint8Array;
}

/** Every decode of a product image, stored or uploaded: sharp refuses a file of more pixels before decoding any. */
const decode = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS });

let turn: Promise<unknown> = Promise.resolve();
/**
 * Image work takes turns, one file at a time in a process: the most one decode
 * may take (about 200 MB for the largest 16-bit interlaced PNG, decision 076) is
 * then the most they all take, however many uploads and posters come at once.
 */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const result = turn.then(work);
  turn = result.catch(() => undefined);
  return result;
}

/**
 * What the bytes really are, whatever the request said, and the copy that is
 * stored (decision 076). A JPEG or PNG of the declared type (the file's own
 * header decides, not its name or the header), 1360×620 or larger in that ratio
 * as shown (EXIF rotation applied), whose PNG data inflates to no more than its
 * pixels need, that decodes in full. Sizes are checked before any pixel is
 * decoded, so no file can make us decode more. What is stored is our own
 * encoding: scaled to 1360×620, turned upright, of the same type (a JPEG stays
 * a JPEG; a PNG stays a PNG, keeping its transparency and sharp edges), with no
 * metadata (EXIF with its GPS position, XMP, ICC: sharp writes none, and
 * converts the colours to sRGB first).
 */
export async function checkImage(bytes: Uint8Array, declared: ImageType): Promise<CheckedImage> {
  // Only the header is read (no pixel limit, so any size is judged by the size rule); sharp throws at once on an
  // empty buffer, later on one it cannot read.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes, { limitInputPixels: false }).metadata())
    .catch(() => fail('IMAGE_WRONG_TYPE'));
  const mime = FORMAT_TYPES[metadata.format];
  if (!mime || mime !== declared || (metadata.pages ?? 1) > 1) return fail('IMAGE_WRONG_TYPE');
  const { width, height } = metadata.autoOrient;
  if (!imageSizeFits(width, height)) return fail('IMAGE_WRONG_RATIO');
  return inTurn(async () => {
    if (mime === 'image/png') await checkPngData(bytes);
    const scaled = decode(bytes).autoOrient().resize(IMAGE_WIDTH, IMAGE_HEIGHT);
    const content = await (mime === 'image/png' ? scaled.png({ compressionLevel: 9 }) : scaled.jpeg({ quality: 90, mozjpeg: true }))
      .toBuffer()
      .catch(() => fail('IMAGE_WRONG_TYPE'));
    const thumb = await decode(content)
      .resize(THUMB_WIDTH, THUMB_HEIGHT)
      // Transparent parts of a PNG on white, as the page shows them, not black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { mime, width: IMAGE_WIDTH, height: IMAGE_HEIGHT, bytes: content.byteLength, content, thumb };
  });
}

/**
 * A stored image as a JPEG of at most the product's size, for a PDF to draw
 * (decision 076): PDFKit embeds a JPEG as it is but inflates all of a PNG's data
 * itself, however far it goes. Made by sharp within the pixel limit, so a row
 * stored before the uploads were re-encoded (the file as uploaded, perhaps a
 * decompression bomb) costs bounded memory too. Null for bytes sharp cannot read.
 */
export function printableImage(content: Uint8Array): Promise<Buffer | null> {
  return inTurn(() =>
    decode(content)
      .autoOrient()
      .resize(IMAGE_WIDTH, IMAGE_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer(),
  ).catch(() => null);
}
