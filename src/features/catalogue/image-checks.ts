import { IMAGE_MAX_BYTES, imageSizeFits, type IMAGE_TYPES } from '@contract/catalogue';
import type { ErrorCode } from '@contract/errors';

export type ImageType = (typeof IMAGE_TYPES)[number];

/** Why a file is refused before it is sent, with what the message shows of it. */
export type ImageProblem =
  | { code: Extract<ErrorCode, 'IMAGE_WRONG_TYPE' | 'IMAGE_LIMIT'> }
  | { code: 'IMAGE_TOO_LARGE'; bytes: number }
  | { code: 'IMAGE_WRONG_RATIO'; width: number; height: number };

const SIGNATURES: [ImageType, number[]][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** The type by the file's first bytes, as the server judges it: its name and the browser's guess do not count. */
export async function sniffType(file: Blob): Promise<ImageType | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const found = SIGNATURES.find(([, signature]) => signature.every((byte, index) => head[index] === byte));
  return found ? found[0] : null;
}

/** The size the image shows at (EXIF rotation applied, as on the server); null where the browser cannot tell. */
async function dimensionsOf(file: Blob): Promise<{ width: number; height: number } | null | 'undecodable'> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return 'undecodable';
  }
}

/**
 * The server's rules (SPEC §5, decision 076), checked in the browser so that a
 * wrong file is named at once and never sent: a JPEG or PNG by content, at most
 * 1 MB, 1360×620 or larger in that ratio. The count is the caller's (it knows
 * what is already queued). Answers the file typed by its content, ready to send,
 * or the first problem. What only the server can judge (a PNG whose data
 * inflates out of proportion) comes back as its coded refusal.
 */
export async function checkImageFile(file: File): Promise<{ blob: Blob } | { problem: ImageProblem }> {
  const type = await sniffType(file);
  if (!type) return { problem: { code: 'IMAGE_WRONG_TYPE' } };
  if (file.size > IMAGE_MAX_BYTES) return { problem: { code: 'IMAGE_TOO_LARGE', bytes: file.size } };
  const size = await dimensionsOf(file);
  if (size === 'undecodable') return { problem: { code: 'IMAGE_WRONG_TYPE' } };
  if (size && !imageSizeFits(size.width, size.height)) return { problem: { code: 'IMAGE_WRONG_RATIO', ...size } };
  // The declared type is the content's, whatever the file's name made the browser say.
  return { blob: file.slice(0, file.size, type) };
}
