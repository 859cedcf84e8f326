import type { Denominations } from '@contract/catalogue';
import type { Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import QRCode from 'qrcode';
import { pdfLang, plain, startPdf } from '../content';
import { POSTER_TEXTS } from './texts';

/** What a poster shows: the certificate as approved, its cover, and where it is bought. */
export interface PosterInput {
  language: Language;
  productName: string;
  denominations: Denominations | null;
  currency: string;
  /** The cover image as a JPEG (printableImage's: PDFKit embeds a JPEG without decoding it), if the certificate has one. */
  cover: Uint8Array | null;
  purchaseUrl: string;
}

const MARGIN = 48;
const INK = '#1f1a3d';
const MUTED = '#555566';
const IMAGE_HEIGHT = 230;
const QR_SIZE = 210;
/** Still read by a phone at arm's length on A4. */
const QR_MIN_SIZE = 120;

/** The amounts as a shop window reads them: the list, or the range's ends, in the poster's language. */
function amountsLine({ language, denominations, currency }: PosterInput): string {
  const text = POSTER_TEXTS[language];
  const money = (minor: number) => formatMoney(minor, currency, text.intlTag, 'price');
  if (!denominations) return '';
  if (denominations.kind === 'range')
    return text.range.replace('{min}', money(denominations.min)).replace('{max}', money(denominations.max));
  return [...new Set(denominations.items.map((item) => item.value))]
    .sort((a, b) => a - b)
    .map(money)
    .join(' · ');
}

/** A printable A4 poster of one certificate (issue 14): name, cover, amounts and a QR code of its purchase page. */
export async function renderPosterPdf(input: PosterInput): Promise<Buffer> {
  const text = POSTER_TEXTS[input.language];
  const qr = await QRCode.toBuffer(input.purchaseUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 600 });
  const { doc, done } = startPdf({ margin: MARGIN, lang: pdfLang(input.language), info: { Title: input.productName, Author: 'Certdesk' } });
  const width = doc.page.width - MARGIN * 2;
  const centred = { ...plain, width, align: 'center' as const };

  doc.rect(0, 0, doc.page.width, 14).fill(INK);
  doc
    .fillColor(MUTED)
    .font('bold')
    .fontSize(13)
    .text(text.kicker.toUpperCase(), MARGIN, MARGIN, { ...centred, characterSpacing: 1.5 });
  doc.moveDown(0.4).fillColor(INK).fontSize(30).text(input.productName, centred);
  doc.moveDown(0.8);
  if (input.cover) {
    const top = doc.y;
    doc.image(Buffer.from(input.cover), MARGIN, top, { fit: [width, IMAGE_HEIGHT], align: 'center', valign: 'center' });
    doc.y = top + IMAGE_HEIGHT + 16;
  }
  const amounts = amountsLine(input);
  if (amounts) {
    doc.fillColor(MUTED).font('regular').fontSize(12).text(text.amounts, MARGIN, doc.y, centred);
    doc.fillColor(INK).font('bold').fontSize(18).text(amounts, centred).moveDown(0.8);
  }
  // What goes under the QR code, measured first: the code shrinks to what is left of the page, so a long name, many
  // amounts or a language's longer words never push anything onto a second page (the footer included).
  doc.font('bold').fontSize(16);
  const callHeight = doc.heightOfString(text.callToAction, centred);
  doc.font('regular').fontSize(10);
  const visit = `${text.orVisit} ${input.purchaseUrl}`;
  const visitHeight = doc.heightOfString(visit, centred);
  // A point to spare: PDFKit compares the line's bottom with the margin in floating point.
  const footerTop = doc.page.height - MARGIN - doc.currentLineHeight(true) - 1;
  const qrSize = Math.max(QR_MIN_SIZE, Math.min(QR_SIZE, footerTop - doc.y - 12 - callHeight - 6 - visitHeight - 12));
  const qrTop = doc.y;
  doc.image(qr, (doc.page.width - qrSize) / 2, qrTop, { width: qrSize, height: qrSize });
  doc.y = qrTop + qrSize + 12;
  doc.fillColor(INK).font('bold').fontSize(16).text(text.callToAction, MARGIN, doc.y, centred);
  doc.moveDown(0.4).fillColor(MUTED).font('regular').fontSize(10).text(visit, centred);
  // Within the bottom margin PDFKit would start a new page for it: the footer's line ends where the margin begins.
  doc
    .fillColor(MUTED)
    .fontSize(10)
    .text('Certdesk', MARGIN, footerTop, { ...centred, lineBreak: false });
  doc.end();
  return done;
}
