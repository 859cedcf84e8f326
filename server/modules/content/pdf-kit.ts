import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// The standard PDF fonts have no Cyrillic: DejaVu (an npm package, so `npm ci` brings it) covers every language we speak.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  italic: 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
} as const;
export type FontName = keyof typeof FONT_FILES;

let fonts: Record<FontName, Buffer> | undefined;
const loadFonts = () =>
  (fonts ??= Object.fromEntries(Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(require.resolve(file))])) as Record<
    FontName,
    Buffer
  >);

/*
 * No ligatures: "ff" in "offer@…" drawn as one glyph would copy and search as
 * something else. fontkit turns a feature off only when given as an object
 * (`{ liga: false }`), which pdfkit passes on but its types spell as a list.
 */
export const plain = { features: { liga: false, clig: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };

/**
 * An A4 pdfkit document with our fonts registered as 'regular', 'bold' and 'italic', and the bytes it will make once
 * `doc.end()` is called.
 */
export function startPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', ...options });
  for (const [name, font] of Object.entries(loadFonts())) doc.registerFont(name, font);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
