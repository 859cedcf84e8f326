import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { isIndividual, TAX_ID_FIELD, type BankData, type LegalData, type LegalType } from '../../../../src/contract/company';
import type { Country, Language } from '../../../../src/contract/enums';
import { OFFER_TEXTS } from './locales';
import type { OfferLabel, OfferText } from './text';

/** What the accepted offer states: the company as it was submitted, who accepted and when. */
export interface OfferInput {
  language: Language;
  acceptedAt: Date;
  /** The admin who submitted: name and e-mail. */
  acceptedBy: string;
  company: {
    name: string;
    country: Country;
    webSite: string;
    legalType: LegalType;
    legalData: LegalData;
    bankData: BankData;
  };
}

/** Legal forms as each country writes them: names, not words to translate. */
const LEGAL_FORM_NAMES: Record<LegalType, string> = {
  RU_OOO: 'ООО',
  RU_AO: 'АО',
  RU_IP: 'ИП',
  BY_OOO: 'ООО',
  BY_OAO: 'ОАО',
  BY_IP: 'ИП',
  KZ_TOO: 'ТОО',
  KZ_AO: 'АО',
  KZ_IP: 'ИП',
  ES_SL: 'S.L.',
  ES_SA: 'S.A.',
  ES_AUTONOMO: 'Autónomo',
};

const BANK_ORDER: (keyof BankData)[] = ['bankName', 'bik', 'checkingAccount', 'iik', 'kbe', 'bankCode', 'iban', 'swift', 'bankAddress'];

// The standard PDF fonts have no Cyrillic: DejaVu (an npm package, so `npm ci` brings it) covers every language we speak.
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

type Row = [label: string, value: string];

const partnerRows = (text: OfferText, { company }: OfferInput): Row[] => {
  const { legalData: data, legalType, country } = company;
  const label = (key: OfferLabel) => text.labels[key];
  const individual = isIndividual(legalType);
  const countryName = new Intl.DisplayNames([text.intlTag], { type: 'region' }).of(country) ?? country;
  const rows: Row[] = [
    [label('name'), company.name],
    [label('legalNameFull'), data.legalNameFull],
    [label('legalType'), LEGAL_FORM_NAMES[legalType]],
    [label('country'), countryName],
    [label(TAX_ID_FIELD[country]), data[TAX_ID_FIELD[country]]],
    [label('kpp'), data.kpp],
    [label(individual ? 'ogrnip' : 'ogrn'), data.ogrn],
    ...(individual
      ? [[label('fio'), data.fio] as Row]
      : [[label('headsFio'), data.headsFio] as Row, [label('headsPosition'), data.headsPosition] as Row]),
    [label('phone'), data.phone],
    [label('legalAddress'), data.legalAddress],
    [label('correspondenceAddress'), data.hasCorrespondenceAddress ? data.correspondenceAddress : ''],
    [label('webSite'), company.webSite],
  ];
  return rows.filter(([, value]) => value.trim() !== '');
};

const bankRows = (text: OfferText, bank: BankData): Row[] =>
  BANK_ORDER.map((key): Row => [text.labels[key], bank[key]]).filter(([, value]) => value.trim() !== '');

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/*
 * No ligatures: "ff" in "offer@…" drawn as one glyph would copy and search as
 * something else. fontkit turns a feature off only when given as an object
 * (`{ liga: false }`), which pdfkit passes on but its types spell as a list.
 */
const plain = { features: { liga: false, clig: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };

const MARGIN = 56;
const LABEL_WIDTH = 170;
const GAP = 12;

/** The partner offer in the submitted language with the company's requisites and the acceptance time, as a PDF. */
export function renderOfferPdf(input: OfferInput): Promise<Uint8Array> {
  const text = OFFER_TEXTS[input.language] ?? OFFER_TEXTS.ru;
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: text.intlTag,
    info: { Title: text.title, Subject: input.company.name, Author: 'Certdesk', CreationDate: input.acceptedAt },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const heading = (title: string) =>
    doc
      .moveDown(0.8)
      .font('bold')
      .fontSize(12)
      .text(title, MARGIN, doc.y, { ...plain, width })
      .moveDown(0.4);
  const table = (rows: Row[]) => {
    const valueWidth = width - LABEL_WIDTH - GAP;
    for (const [label, value] of rows) {
      doc.fontSize(10);
      const height = Math.max(
        doc.font('bold').heightOfString(label, { ...plain, width: LABEL_WIDTH }),
        doc.font('regular').heightOfString(value, { ...plain, width: valueWidth }),
      );
      // Keep a row's label and value on one page.
      if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y;
      doc.font('bold').text(label, MARGIN, top, { ...plain, width: LABEL_WIDTH });
      doc.font('regular').text(value, MARGIN + LABEL_WIDTH + GAP, top, { ...plain, width: valueWidth });
      doc.y = top + height + 4;
    }
  };

  doc
    .font('bold')
    .fontSize(15)
    .text(text.title, { ...plain, width });
  doc.moveDown(0.6).font('regular').fontSize(10.5);
  for (const paragraph of text.paragraphs) doc.text(paragraph, { ...plain, width }).moveDown(0.5);
  heading(text.partnerTitle);
  table(partnerRows(text, input));
  heading(text.bankTitle);
  table(bankRows(text, input.company.bankData));
  heading(text.acceptanceTitle);
  const date = new Intl.DateTimeFormat(text.intlTag, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(input.acceptedAt);
  doc
    .font('regular')
    .fontSize(10.5)
    .text(fill(text.accepted, { date, person: input.acceptedBy }), MARGIN, doc.y, { ...plain, width });
  doc.end();
  return done;
}
