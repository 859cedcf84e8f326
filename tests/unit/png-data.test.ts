import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkPngData } from '../../server/modules/images/png';
import { pngBomb, pngChunks, pngFile, pngScanlines, withScanlines } from '../support/png';

/**
 * Decision 076: a PNG's image data may inflate to exactly what its header's
 * scanlines take, not a byte more. Each kind of PNG an encoder writes (every
 * colour type, bit depths 1 to 16, interlaced or not, sizes that leave Adam7
 * passes empty or rows with spare bits) passes as written and is refused with
 * a single byte more, so the size the check computes is exactly the encoder's.
 */

const noisy = (width: number, height: number, channels: 3 | 4) =>
  sharp({ create: { width, height, channels, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

/** Each kind, and the header its files must have: bit depth, colour type (0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA), interlace. */
const KINDS: [string, (width: number, height: number) => Sharp, [number, number, number]][] = [
  ['RGB, 8 bits', (width, height) => noisy(width, height, 3).png(), [8, 2, 0]],
  ['RGBA, 8 bits, interlaced', (width, height) => noisy(width, height, 4).png({ progressive: true }), [8, 6, 1]],
  ['RGB, 16 bits', (width, height) => noisy(width, height, 3).toColourspace('rgb16').png(), [16, 2, 0]],
  ['RGBA, 16 bits, interlaced', (width, height) => noisy(width, height, 4).toColourspace('rgb16').png({ progressive: true }), [16, 6, 1]],
  ['grey, 8 bits', (width, height) => noisy(width, height, 3).toColourspace('b-w').png(), [8, 0, 0]],
  ['grey and alpha, interlaced', (width, height) => noisy(width, height, 4).toColourspace('b-w').png({ progressive: true }), [8, 4, 1]],
  // A palette's bit depth follows its number of colours.
  ['palette, 1 bit', (width, height) => noisy(width, height, 3).png({ palette: true, colours: 2 }), [1, 3, 0]],
  [
    'palette, 2 bits, interlaced',
    (width, height) => noisy(width, height, 3).png({ palette: true, colours: 4, progressive: true }),
    [2, 3, 1],
  ],
  ['palette, 4 bits', (width, height) => noisy(width, height, 3).png({ palette: true, colours: 16 }), [4, 3, 0]],
  ['palette, 8 bits', (width, height) => noisy(width, height, 3).png({ palette: true, colours: 200 }), [8, 3, 0]],
];
const SIZES = [
  [301, 37],
  [13, 3],
  [3, 1],
];

const refusedAs = (code: string) => expect.objectContaining({ code });

describe('a PNG’s image data against its header', () => {
  for (const [kind, make, [bitDepth, colourType, interlace]] of KINDS)
    it(`${kind}: exactly the scanlines pass, a byte more is refused`, async () => {
      for (const [width, height] of SIZES) {
        const png = await make(width!, height!).toBuffer();
        const header = pngChunks(png).find((chunk) => chunk.type === 'IHDR')!.data;
        expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[12]]).toEqual([
          width,
          height,
          bitDepth,
          colourType,
          interlace,
        ]);
        await expect(checkPngData(png), `${width}×${height}`).resolves.toBeUndefined();
        const scanlines = pngScanlines(png);
        await expect(checkPngData(withScanlines(png, scanlines)), `${width}×${height} again`).resolves.toBeUndefined();
        await expect(checkPngData(withScanlines(png, Buffer.concat([scanlines, Buffer.alloc(1)]))), `${width}×${height}`).rejects.toEqual(
          refusedAs('IMAGE_DATA_OUT_OF_PROPORTION'),
        );
      }
    });

  it('refuses issue 34’s bomb (1360×620 RGBA inflating to 900 MB) as out of proportion', async () => {
    await expect(checkPngData(await pngBomb(1360, 620))).rejects.toEqual(refusedAs('IMAGE_DATA_OUT_OF_PROPORTION'));
  });

  it('refuses broken files as IMAGE_WRONG_TYPE: cut data, no image data, chunks that run past the end', async () => {
    const png = await noisy(64, 32, 3).png().toBuffer();
    const chunks = pngChunks(png);
    const cut = chunks.map((chunk) => (chunk.type === 'IDAT' ? { ...chunk, data: chunk.data.subarray(0, chunk.data.length >> 1) } : chunk));
    const noData = chunks.filter((chunk) => chunk.type !== 'IDAT');
    for (const broken of [pngFile(cut), pngFile(noData), png.subarray(0, png.length - 20)])
      await expect(checkPngData(broken)).rejects.toEqual(refusedAs('IMAGE_WRONG_TYPE'));
  });
});
