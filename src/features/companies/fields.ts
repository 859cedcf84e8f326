import { BANK_FIELDS, isIndividual, TAX_ID_FIELD, type BankData, type LegalData, type LegalType } from '@contract/company';
import type { Country } from '@contract/enums';
import type { MessageId } from '@/lib/message-id';

/** A legal-data text field (the postal-address flag is a checkbox of its own). */
export type LegalField = Exclude<keyof LegalData, 'hasCorrespondenceAddress'>;
export type BankField = keyof BankData;

/**
 * Which legal fields the form shows for a country and legal type (decision 49
 * says which are required; the shared schema enforces it): the full name, the
 * person (a sole trader's own name, an organisation's head and title), the tax
 * id under its national name, KPP for a RU organisation, OGRN (OGRNIP for a
 * sole trader) in RU, phone and addresses everywhere.
 */
export function legalFields(country: Country, legalType: LegalType | null): LegalField[] {
  const individual = legalType !== null && isIndividual(legalType);
  return [
    'legalNameFull',
    ...(individual ? (['fio'] as const) : (['headsFio', 'headsPosition'] as const)),
    TAX_ID_FIELD[country],
    ...(country === 'RU' ? (individual ? (['ogrn'] as const) : (['kpp', 'ogrn'] as const)) : []),
    'phone',
    'legalAddress',
  ];
}

export const bankFields = (country: Country): readonly BankField[] => BANK_FIELDS[country];

const FIELD_LABELS: Record<LegalField | BankField, MessageId> = {
  legalNameFull: 'companies.field.legalNameFull',
  fio: 'companies.field.fio',
  headsFio: 'companies.field.headsFio',
  headsPosition: 'companies.field.headsPosition',
  inn: 'companies.field.inn',
  bin: 'companies.field.bin',
  unp: 'companies.field.unp',
  nif: 'companies.field.nif',
  kpp: 'companies.field.kpp',
  ogrn: 'companies.field.ogrn',
  phone: 'companies.field.phone',
  legalAddress: 'companies.field.legalAddress',
  correspondenceAddress: 'companies.field.correspondenceAddress',
  checkingAccount: 'companies.field.checkingAccount',
  bik: 'companies.field.bik',
  bankName: 'companies.field.bankName',
  bankCode: 'companies.field.bankCode',
  bankAddress: 'companies.field.bankAddress',
  iik: 'companies.field.iik',
  kbe: 'companies.field.kbe',
  iban: 'companies.field.iban',
  swift: 'companies.field.swift',
};

/** The label of a field; OGRN is OGRNIP for a sole trader. */
export const fieldLabel = (name: LegalField | BankField, legalType: LegalType | null = null): MessageId =>
  name === 'ogrn' && legalType !== null && isIndividual(legalType) ? 'companies.field.ogrnip' : FIELD_LABELS[name];

/** The tax id's national name (INN, UNP, BIN, NIF) for the step-1 field and the lists. */
export const taxIdLabel = (country: Country): MessageId => FIELD_LABELS[TAX_ID_FIELD[country]];

/** Fields typed as digits only: phones show the number pad for them. */
const NUMERIC = new Set<string>(['inn', 'bin', 'unp', 'kpp', 'ogrn', 'checkingAccount', 'bik', 'kbe']);
/** Codes written in capitals (IBAN, SWIFT/BIC, a Spanish NIF with its letters). */
const CODES = new Set<string>(['iban', 'swift', 'nif', 'iik', 'bankCode']);

export const inputHints = (name: string): { inputMode?: 'numeric'; autoCapitalize?: string; spellCheck?: boolean } =>
  NUMERIC.has(name)
    ? { inputMode: 'numeric', spellCheck: false }
    : CODES.has(name)
      ? { autoCapitalize: 'characters', spellCheck: false }
      : {};

/** A country's tax id field depends on the country alone (TAX_ID_FIELD); step 1 types it as `tin`. */
export const taxIdField = (country: Country) => TAX_ID_FIELD[country];
