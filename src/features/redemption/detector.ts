/**
 * The barcode reader, loaded only when the scanner opens: the browser's own
 * BarcodeDetector where it reads every format we need, otherwise the
 * barcode-detector ponyfill with zxing-wasm, whose .wasm is served from our own
 * origin (never a CDN: the till may be on a closed network, or offline).
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** SPEC §3 barcode types: qr, i25 (ITF), code128, code39. */
export const SCAN_FORMATS = ['qr_code', 'itf', 'code_128', 'code_39'] as const;

export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    return SCAN_FORMATS.every((format) => supported.includes(format)) ? new Native({ formats: [...SCAN_FORMATS] }) : null;
  } catch {
    return null;
  }
}

export async function createDetector(): Promise<Detector> {
  const native = await nativeDetector();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Fetch and compile the wasm now, so the first frame is decoded at once and a failure shows before scanning.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
