import { isIndividual, TAX_ID_FIELD, type BankData, type LegalData, type LegalType } from '@contract/company';
import type { Country, Language } from '@contract/enums';
import { drawBlocks, plain, readDocument, servedLanguage, startPdf } from '../../content';
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

const MARGIN = 56;
const LABEL_WIDTH = 170;
const GAP = 12;

/** The partner offer in the submitted language with the company's requisites and the acceptance time, as a PDF. */
export function renderOfferPdf(input: OfferInput): Promise<Uint8Array> {
  const text = OFFER_TEXTS[input.language] ?? OFFER_TEXTS.ru;
  const { doc, done } = startPdf({
    margin: MARGIN,
    lang: text.intlTag,
    info: { Title: text.title, Subject: input.company.name, Author: 'Certdesk', CreationDate: input.acceptedAt },
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
  doc.moveDown(0.6);
  // The clauses are the offer document's own (decision 60), so the accepted copy and the published one cannot differ.
  drawBlocks(doc, readDocument('offer', servedLanguage('offer', input.language)));
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
