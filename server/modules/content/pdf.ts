import { readFileSync } from 'node:fs';
import type { DocumentName, TextRun } from '@contract/content';
import type { Language } from '@contract/enums';
import { plain, startPdf } from './pdf-kit';
import { readDocument, servedLanguage, type ParsedDocument } from './source';

const MARGIN = 56;
const INDENT = 18;
const LINK_COLOR = '#1d4ed8';
const TEXT_COLOR = '#111111';
const MUTED_COLOR = '#555555';
/** An image takes at most this share of the page's height, so a phone screenshot leaves room for its caption. */
const IMAGE_MAX_HEIGHT_SHARE = 0.62;

/** A PNG's size in pixels, from its IHDR chunk (the only image type the sources may name). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** The PDF's language tag: "kz" and "by" are our names for Kazakh (kk) and Belarusian (be). */
export const pdfLang = (language: Language): string => ({ kz: 'kk', by: 'be' })[language as 'kz' | 'by'] ?? language;

/**
 * Draws a document's blocks (not its title) from the current position across the page's width within the document's
 * margins: the one drawing of decision 60, shared by the document PDFs and the accepted offer.
 */
export function drawBlocks(doc: PDFKit.PDFDocument, { blocks, images }: Pick<ParsedDocument, 'blocks' | 'images'>): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const runs = (items: TextRun[], x: number, textWidth: number) => {
    const shown = items.filter((run) => run.text !== '');
    shown.forEach((run, index) => {
      const options = {
        ...plain,
        width: textWidth,
        continued: index < shown.length - 1,
        link: run.href ?? null,
        underline: run.href !== undefined,
      };
      doc.font(run.bold ? 'bold' : 'regular').fillColor(run.href ? LINK_COLOR : TEXT_COLOR);
      if (index === 0) doc.text(run.text, x, doc.y, options);
      else doc.text(run.text, options);
    });
    doc.fillColor(TEXT_COLOR);
  };

  const heading = (text: string, size: number, gapBefore: number) => {
    doc.fontSize(size).font('bold');
    // A heading never ends a page: it goes with at least two lines of what follows.
    if (doc.y + doc.heightOfString(text, { ...plain, width }) + 40 > bottom()) doc.addPage();
    else doc.moveDown(gapBefore);
    doc.text(text, left, doc.y, { ...plain, width }).moveDown(0.35);
  };

  const image = (file: string, caption: string) => {
    const picture = readFileSync(file);
    const size = pngSize(picture);
    const scale = Math.min(width / size.width, (doc.page.height * IMAGE_MAX_HEIGHT_SHARE) / size.height);
    const [drawnWidth, drawnHeight] = [size.width * scale, size.height * scale];
    doc.fontSize(9).font('italic');
    const captionHeight = caption ? doc.heightOfString(caption, { ...plain, width }) + 6 : 0;
    if (doc.y + drawnHeight + captionHeight > bottom()) doc.addPage();
    const top = doc.y;
    doc.image(picture, left + (width - drawnWidth) / 2, top, { width: drawnWidth, height: drawnHeight });
    doc.y = top + drawnHeight + 6;
    if (caption)
      doc
        .fillColor(MUTED_COLOR)
        .text(caption, left, doc.y, { ...plain, width, align: 'center' })
        .fillColor(TEXT_COLOR);
    doc.moveDown(0.8);
  };

  doc.fillColor(TEXT_COLOR);
  for (const block of blocks) {
    if (block.type === 'heading') heading(block.text, block.level === 2 ? 13.5 : 11.5, block.level === 2 ? 0.9 : 0.6);
    else if (block.type === 'paragraph') {
      doc.fontSize(10.5);
      runs(block.runs, left, width);
      doc.moveDown(0.55);
    } else if (block.type === 'list') {
      block.items.forEach((item, index) => {
        doc.fontSize(10.5).font('regular');
        const top = doc.y;
        doc.text(block.ordered ? `${index + 1}.` : '•', left + 2, top, { ...plain, width: INDENT, lineBreak: false });
        doc.y = top;
        runs(item, left + INDENT, width - INDENT);
        doc.moveDown(0.25);
      });
      doc.moveDown(0.35);
    } else image(images.get(block.src)!, block.caption);
  }
}

/** "n / count" at the foot of every page, once the count is known; the foot is in the bottom margin, which must not break the page. */
function numberPages(doc: PDFKit.PDFDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED_COLOR)
      .text(`${page - start + 1} / ${count}`, MARGIN, doc.page.height - MARGIN / 2 - 6, {
        ...plain,
        width: doc.page.width - MARGIN * 2,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins = margins;
  }
}

function drawDocument(parsed: ParsedDocument, language: Language): Promise<Buffer> {
  const { doc, done } = startPdf({
    margin: MARGIN,
    bufferPages: true,
    lang: pdfLang(language),
    info: { Title: parsed.title, Author: 'Certdesk' },
  });
  doc
    .fillColor(TEXT_COLOR)
    .font('bold')
    .fontSize(18)
    .text(parsed.title, MARGIN, MARGIN, { ...plain, width: doc.page.width - MARGIN * 2 })
    .moveDown(0.6);
  drawBlocks(doc, parsed);
  numberPages(doc);
  doc.end();
  return done;
}

const rendered = new Map<string, Promise<Buffer>>();

/** A document's PDF in the language asked for or its fallback (servedLanguage), drawn once per process. */
export function renderDocumentPdf(document: DocumentName, language: Language): Promise<Buffer> {
  const served = servedLanguage(document, language);
  const key = `${document}/${served}`;
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = drawDocument(readDocument(document, served), served);
    // A failure is not kept: the next call tries again.
    pdf.catch(() => rendered.delete(key));
    rendered.set(key, pdf);
  }
  return pdf;
}
