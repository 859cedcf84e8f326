import { createInflate } from 'node:zlib';
import { fail } from '../../lib/errors';

/**
 * A PNG's image data checked against its header before anything decodes it
 * (decision 076). The compressed data of a 1360×620 RGBA image may inflate to
 * 900 MB of which a decoder needs 3.4 MB; PDFKit's own PNG reader inflates all
 * of it. The header says exactly how many bytes the scanlines take, so data
 * that inflates to a byte more is refused, counted without being kept.
 */

interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

const SIGNATURE_LENGTH = 8;
/** Samples a pixel has, by colour type: grey, RGB, palette index, grey and alpha, RGBA. */
const SAMPLES: Partial<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's seven passes: the first column and row each takes, and its steps across and down. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The bytes the decoded scanlines take: each row a filter byte and its packed pixels; an interlaced image's passes each their own rows. */
export function scanlineBytes({ width, height, bitDepth, colourType, interlaced }: PngHeader): number {
  const bitsPerPixel = (SAMPLES[colourType] ?? 0) * bitDepth;
  const rows = (columns: number, count: number) => (columns > 0 && count > 0 ? count * (1 + Math.ceil((columns * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [column, row, across, down]) => sum + rows(Math.ceil((width - column) / across), Math.ceil((height - row) / down)),
    0,
  );
}

/**
 * The header and the image data (the IDAT chunks' contents, in order) of a PNG;
 * null when its chunks do not add up. Other chunks are skipped unread: the
 * compressed ones (iCCP, zTXt, iTXt) are never inflated here, sharp's libpng caps
 * what it inflates of them, and the stored copy drops them.
 */
function readChunks(bytes: Uint8Array): { header: PngHeader; data: Buffer } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Uint8Array[] = [];
  let header: PngHeader | null = null;
  for (let offset = SIGNATURE_LENGTH; offset + 12 <= bytes.byteLength;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const start = offset + 8;
    const end = start + length;
    if (end + 4 > bytes.byteLength) return null;
    if (type === 'IHDR' && length === 13)
      header = {
        width: view.getUint32(start),
        height: view.getUint32(start + 4),
        bitDepth: bytes[start + 8]!,
        colourType: bytes[start + 9]!,
        interlaced: bytes[start + 12] === 1,
      };
    else if (type === 'IDAT') data.push(bytes.subarray(start, end));
    else if (type === 'IEND') break;
    offset = end + 4;
  }
  return header && data.length ? { header, data: Buffer.concat(data) } : null;
}

/**
 * Whether zlib `data` inflates to at most `limit` bytes: the output is counted
 * and dropped as it comes, and inflating stops once past the limit, so neither
 * memory nor time follows what the data would inflate to. Rejects on data that
 * is not a whole zlib stream.
 */
function inflatesWithin(data: Buffer, limit: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) return;
      inflate.destroy();
      resolve(false);
    });
    inflate.on('end', () => resolve(true));
    inflate.on('error', reject);
    inflate.end(data);
  });
}

/**
 * Refuses a PNG whose image data inflates to more than its header's scanlines
 * need (IMAGE_DATA_OUT_OF_PROPORTION; no slack: encoders write exactly that), or
 * whose chunks or data are broken (IMAGE_WRONG_TYPE).
 */
export async function checkPngData(bytes: Uint8Array): Promise<void> {
  const png = readChunks(bytes);
  if (!png) return fail('IMAGE_WRONG_TYPE');
  const within = await inflatesWithin(png.data, scanlineBytes(png.header)).catch(() => fail('IMAGE_WRONG_TYPE'));
  if (!within) fail('IMAGE_DATA_OUT_OF_PROPORTION');
}
