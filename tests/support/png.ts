import { constants, crc32, createDeflate, deflateSync, inflateSync } from 'node:zlib';

/** PNG files taken apart and put together chunk by chunk, for the image checks' tests (decision 076). */

export interface PngChunk {
  type: string;
  data: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunks(png: Uint8Array): PngChunk[] {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const chunks: PngChunk[] = [];
  for (let offset = SIGNATURE.length; offset < bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    chunks.push({ type: bytes.toString('latin1', offset + 4, offset + 8), data: bytes.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return chunks;
}

export function pngFile(chunks: PngChunk[]): Buffer {
  return Buffer.concat([
    SIGNATURE,
    ...chunks.flatMap(({ type, data }) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
      return [head, data, crc];
    }),
  ]);
}

/** The PNG's image data as inflated: its filtered scanlines. */
export const pngScanlines = (png: Uint8Array): Buffer =>
  inflateSync(Buffer.concat(pngChunks(png).flatMap((chunk) => (chunk.type === 'IDAT' ? [chunk.data] : []))));

/** The same PNG with other image data (inflated: deflated here), in one IDAT where the first one was. */
export function withScanlines(png: Uint8Array, scanlines: Buffer): Buffer {
  const chunks = pngChunks(png);
  const first = chunks.findIndex((chunk) => chunk.type === 'IDAT');
  const data = deflateSync(scanlines);
  return pngFile(chunks.flatMap((chunk, index) => (chunk.type !== 'IDAT' ? [chunk] : index === first ? [{ type: 'IDAT', data }] : [])));
}

/** An IHDR for 8-bit RGBA, not interlaced. */
export function rgbaHeader(width: number, height: number): PngChunk {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = 6;
  return { type: 'IHDR', data };
}

/** `size` zero bytes deflated as they stream (run-length: the fastest way to zlib's ~1030:1 on zeros). */
export async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9, memLevel: 9, strategy: constants.Z_RLE });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    const piece = zeros.subarray(0, Math.min(zeros.length, size - written));
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/**
 * Issue 34's decompression bomb: a plain-looking 1360×620 RGBA PNG of under
 * 1 MB whose image data inflates to `inflated` bytes (900 MB by default) where
 * its pixels need 3.4 MB. Zeros are a valid start: filter "none", transparent
 * black pixels, so every decoder shows it as an empty picture.
 */
export async function pngBomb(width: number, height: number, inflated = 900 * 1024 * 1024): Promise<Buffer> {
  return pngFile([
    rgbaHeader(width, height),
    { type: 'IDAT', data: await deflatedZeros(inflated) },
    { type: 'IEND', data: Buffer.alloc(0) },
  ]);
}

/** Inserts chunks right after the IHDR (where iCCP and text chunks may stand). */
export function withChunksAfterHeader(png: Uint8Array, extra: PngChunk[]): Buffer {
  const [header, ...rest] = pngChunks(png);
  return pngFile([header!, ...extra, ...rest]);
}

/** A compressed ancillary chunk (iCCP, zTXt or iTXt) whose text or profile inflates to `inflated` bytes. */
export async function compressedChunk(type: 'iCCP' | 'zTXt' | 'iTXt', inflated: number): Promise<PngChunk> {
  // keyword, NUL, then the type's own fields before the compressed data (compression flag and method, language and translated keyword).
  const prefix = { iCCP: 'icc\0\0', zTXt: 'Comment\0\0', iTXt: 'Comment\0\x01\0\0\0' }[type];
  return { type, data: Buffer.concat([Buffer.from(prefix, 'latin1'), await deflatedZeros(inflated)]) };
}
