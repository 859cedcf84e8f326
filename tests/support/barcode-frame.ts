import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, writeBarcode, type ReadResult, type WriterOptions } from 'zxing-wasm/full';

export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

let ready: Promise<unknown> | undefined;
/** In Node the wasm comes from the package itself, never from a CDN. */
const prepare = () =>
  (ready ??= prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/full/zxing_full.wasm')).buffer as ArrayBuffer,
    },
    fireImmediately: true,
  }));

/**
 * A camera-sized RGBA frame with the barcode drawn in its middle on a white
 * card over a grey background, as a phone camera would see it held up.
 */
export async function barcodeFrame(text: string, format: WriterOptions['format'], width = 1280, height = 720): Promise<Frame> {
  await prepare();
  const { symbol, error } = await writeBarcode(text, { format });
  if (error) throw new Error(error);
  const data = new Uint8ClampedArray(width * height * 4).fill(160);
  const linear = symbol.height === 1;
  const scale = Math.max(1, Math.floor((width * 0.7) / (symbol.width + 8)));
  const cell = linear ? scale : Math.min(scale, Math.floor((height * 0.7) / (symbol.height + 8)));
  const drawnWidth = symbol.width * cell;
  const drawnHeight = linear ? Math.floor(height * 0.4) : symbol.height * cell;
  const left = Math.floor((width - drawnWidth) / 2);
  const top = Math.floor((height - drawnHeight) / 2);
  const quiet = 6 * cell;
  for (let y = top - quiet; y < top + drawnHeight + quiet; y++) {
    for (let x = left - quiet; x < left + drawnWidth + quiet; x++) {
      const inside = x >= left && x < left + drawnWidth && y >= top && y < top + drawnHeight;
      const row = linear ? 0 : Math.floor((y - top) / cell);
      const module = inside ? symbol.data[row * symbol.width + Math.floor((x - left) / cell)] : 255;
      const offset = (y * width + x) * 4;
      data[offset] = data[offset + 1] = data[offset + 2] = module ?? 255;
      data[offset + 3] = 255;
    }
  }
  return { data, width, height };
}

/** Decodes a frame with zxing-wasm, as the polyfilled BarcodeDetector does in the browser. */
export async function decodeFrame(
  frame: Frame,
  formats: NonNullable<Parameters<typeof readBarcodes>[1]>['formats'],
): Promise<ReadResult[]> {
  await prepare();
  const imageData = { ...frame, colorSpace: 'srgb' as const } as ImageData;
  return readBarcodes(imageData, { formats, tryHarder: false });
}
