import * as v from 'valibot';
import { COUNTRIES, isIndividual, LEGAL_TYPES, type LegalType } from '../company';
import { LOCALES, type Country } from '../enums';
import type { ErrorCode } from '../errors';
import { checkIban, checkKbe, checkSwift } from '../requisites/bank';
import { compactCode, compactDigits } from '../requisites/normalize';
import { checkBik, checkKpp, checkOgrn, checkRuAccount } from '../requisites/russia';
import { checkTaxId, normalizeTaxId } from '../requisites/tax-id';
import { checkWebsite, normalizeWebsite } from '../requisites/website';
import { NAME_MAX, NO_CONTROL_CHARS, oneOf, phone, requiredText, textLines } from './fields';
import { supplierId } from './redemption';

/**
 * Companies (SPEC §3, §5): what the wizard's steps send, checked alike by
 * the form and the server. The rules themselves are plain functions in
 * `../requisites`; here they are put on fields. Legal and bank data are variants
 * on `country` (and, for legal data, on `legalType`): each country and legal type
 * is a schema of its own, so which fields are required is read off one table
 * (decision 49). Fields a country or legal type does not use are accepted and
 * come out empty, so a form that switched type keeps no stale KPP.
 */

export const LEGAL_NAME_MAX = 300;
export const PERSON_NAME_MAX = 150;
export const POSITION_MAX = 150;
export const ADDRESS_MAX = 300;
export const BANK_NAME_MAX = 200;
export const WEBSITE_MAX = 255;
export const REASON_MAX = 1000;

const isMissing = (input: unknown): boolean => input === undefined || input === null || input === '';
const typed = (missing: ErrorCode) => v.string((issue) => (isMissing(issue.input) ? missing : 'WRONG_TYPE'));

/** Runs a rule of `../requisites` on a typed value; its code becomes the issue's message. */
const rule = (check: (value: string) => ErrorCode | null) =>
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const code = check(dataset.value);
    if (code) addIssue({ message: code });
  });

/** WRONG_LENGTH, naming `length`, for a value of a fixed length typed with another; any length without one. */
const fixedLength = (length: number | undefined): v.PipeItem<string, string, v.BaseIssue<unknown>> =>
  length === undefined ? v.check(() => true) : v.length(length, 'WRONG_LENGTH');

/**
 * A requisite: a bounded string as typed (spaces and dashes between groups are allowed, so the bound is loose),
 * normalised (`normalize`), required, of its `length` when it has a fixed one, then its rule.
 */
const requisite = (normalize: (value: string) => string, check: (value: string) => ErrorCode | null, length?: number) =>
  v.pipe(typed('REQUIRED'), v.maxLength(64, 'TOO_LONG'), v.transform(normalize), v.nonEmpty('REQUIRED'), fixedLength(length), rule(check));

/** A field this country or legal type does not use: any text is accepted and dropped. */
const unused = v.optional(
  v.pipe(
    v.string('WRONG_TYPE'),
    v.transform((): string => ''),
  ),
  '',
);

/** Optional free text (the postal address when it is the same as the legal one). */
const optionalText = (max: number) =>
  v.optional(v.pipe(v.string('WRONG_TYPE'), v.trim(), v.maxLength(max, 'TOO_LONG'), v.regex(NO_CONTROL_CHARS, 'WRONG_TYPE')), '');

/** The tax id of `country` (INN, UNP, BIN/IIN or NIF), normalised; with a legal type, also of the right kind. */
export const taxId = (country: Country, legalType?: LegalType) =>
  v.pipe(
    typed('TIN_EMPTY'),
    v.maxLength(64, 'TOO_LONG'),
    v.transform((value) => normalizeTaxId(country, value)),
    rule((value) => checkTaxId(country, value, legalType)),
  );

export const website = v.pipe(
  typed('REQUIRED'),
  v.transform(normalizeWebsite),
  v.nonEmpty('REQUIRED'),
  v.maxLength(WEBSITE_MAX, 'TOO_LONG'),
  rule(checkWebsite),
);

/**
 * An object reports a key that is missing with its own message (valibot's English otherwise): such an issue comes
 * with the key's path; one without a path is about the value itself (`data` not an object).
 */
const objectMessage = (issue: v.ObjectIssue): ErrorCode => {
  const key = issue.path?.at(-1)?.key;
  if (key !== undefined) return key === 'tin' ? 'TIN_EMPTY' : 'REQUIRED';
  return isMissing(issue.input) ? 'REQUIRED' : 'WRONG_TYPE';
};
const object = <const TEntries extends v.ObjectEntries>(entries: TEntries) => v.object(entries, objectMessage);

/**
 * The issue of a variant whose discriminator matched no option: it names the key that failed (`country` or
 * `legalType`) and carries its value.
 */
const discriminatorMessage = (issue: v.VariantIssue): ErrorCode => {
  const key = issue.path?.[0]?.key;
  if (key === 'legalType') return isMissing(issue.input) ? 'LEGAL_TYPE_NOT_SET' : 'LEGAL_TYPE_NOT_FOUND';
  if (key === undefined) return 'WRONG_TYPE';
  return isMissing(issue.input) ? 'REQUIRED' : 'UNKNOWN_VALUE';
};

// ——— Step 1: the company ———

const parentSupplierId = v.optional(v.nullable(v.pipe(v.string('WRONG_TYPE'), v.uuid('INVALID_PARENT_ID'))), null);

const companyEntries = (country: Country) => ({
  tin: taxId(country),
  name: requiredText(NAME_MAX),
  country: v.literal(country),
  webSite: website,
  parentSupplierId,
});

/** `supplier/create`: the tax id is checked by the country's rules (RU INN of 10 or 12 digits, …). */
export const createCompanyBody = v.variant(
  'country',
  COUNTRIES.map((country) => object(companyEntries(country))),
  discriminatorMessage,
);

/** `supplier/update`: the same fields for an existing draft or rejected company. */
export const updateCompanyBody = v.variant(
  'country',
  COUNTRIES.map((country) => object({ supplierId, ...companyEntries(country) })),
  discriminatorMessage,
);

export const supplierIdBody = object({ supplierId });
export const supplierIdQuery = object({ supplierId });
/** Cardholders' balance notices on or off (decision 096). */
export const holderNoticesBody = object({ supplierId, holderNotices: v.boolean('WRONG_TYPE') });

// ——— Step 2: legal data ———

/** The tax-id field of `field`'s country: checked in that country, dropped in the others. */
const taxIdField = (country: Country, legalType: LegalType, fieldCountry: Country) =>
  country === fieldCountry ? taxId(country, legalType) : unused;

/**
 * Legal data of one legal type. Organisations name their head and the head's position; sole traders their own
 * name (`fio`). A RU organisation has a KPP and a 13-digit OGRN, a RU sole trader a 15-digit OGRNIP and no KPP.
 */
const legalData = (country: Country, legalType: LegalType) => {
  const individual = isIndividual(legalType);
  const ru = country === 'RU';
  return v.pipe(
    object({
      legalNameFull: requiredText(LEGAL_NAME_MAX),
      fio: individual ? requiredText(PERSON_NAME_MAX) : unused,
      headsFio: individual ? unused : requiredText(PERSON_NAME_MAX),
      headsPosition: individual ? unused : requiredText(POSITION_MAX),
      inn: taxIdField(country, legalType, 'RU'),
      bin: taxIdField(country, legalType, 'KZ'),
      unp: taxIdField(country, legalType, 'BY'),
      nif: taxIdField(country, legalType, 'ES'),
      kpp: ru && !individual ? requisite(compactCode, checkKpp, 9) : unused,
      ogrn: ru ? requisite(compactDigits, (value) => checkOgrn(value, individual), individual ? 15 : 13) : unused,
      phone,
      legalAddress: requiredText(ADDRESS_MAX),
      hasCorrespondenceAddress: v.optional(v.boolean('WRONG_TYPE'), false),
      correspondenceAddress: optionalText(ADDRESS_MAX),
    }),
    v.forward(
      v.partialCheck(
        [['hasCorrespondenceAddress'], ['correspondenceAddress']],
        (data) => !data.hasCorrespondenceAddress || data.correspondenceAddress !== '',
        'REQUIRED',
      ),
      ['correspondenceAddress'],
    ),
    // Without a separate postal address, a leftover one is not kept.
    v.transform((data) => (data.hasCorrespondenceAddress ? data : { ...data, correspondenceAddress: '' })),
  );
};

/**
 * `legal-data/add`: a variant on `country`, then on `legalType`. A missing legal type is `LEGAL_TYPE_NOT_SET`, one
 * of another country `LEGAL_TYPE_NOT_FOUND` (at `legalType`); field issues are at `data.<field>`.
 */
export const legalDataBody = v.variant(
  'country',
  COUNTRIES.map((country) =>
    v.variant(
      'legalType',
      LEGAL_TYPES[country].map((legalType: LegalType) =>
        object({ supplierId, country: v.literal(country), legalType: v.literal(legalType), data: legalData(country, legalType) }),
      ),
    ),
  ),
  discriminatorMessage,
);

// ——— Step 3: bank data ———

const bankName = requiredText(BANK_NAME_MAX);
const bankAddress = requiredText(ADDRESS_MAX);
const iban = (country: Country) => requisite(compactCode, (value) => checkIban(value, country));
const swift = requisite(compactCode, (value) => checkSwift(value));

const ibanBank = (country: 'BY' | 'ES') =>
  object({
    supplierId,
    country: v.literal(country),
    checkingAccount: unused,
    bik: unused,
    bankName,
    bankCode: unused,
    bankAddress,
    iik: unused,
    kbe: unused,
    iban: iban(country),
    swift,
  });

/** RU: BIK (its existence is the server's, from the bank directory), a 20-digit account (its key: below). */
const ruBank = object({
  supplierId,
  country: v.literal('RU'),
  checkingAccount: requisite(compactDigits, (value) => (/^\d{20}$/.test(value) ? null : 'INCORRECT_ACCOUNT_NUMBER'), 20),
  bik: requisite(compactDigits, checkBik, 9),
  bankName,
  bankCode: unused,
  bankAddress: unused,
  iik: unused,
  kbe: unused,
  iban: unused,
  swift: unused,
});

/** KZ: the IIK is a KZ IBAN, the bank code a Kazakh bank's BIC, the KBE 2 digits. */
const kzBank = object({
  supplierId,
  country: v.literal('KZ'),
  checkingAccount: unused,
  bik: unused,
  bankName,
  bankCode: requisite(compactCode, (value) => checkSwift(value, 'KZ')),
  bankAddress: unused,
  iik: iban('KZ'),
  kbe: requisite(compactDigits, checkKbe, 2),
  iban: unused,
  swift: unused,
});

/** Both well-formed (else their own codes are shown) and of different countries. */
const swiftMismatch = (country: Country, iban: string, swift: string): boolean =>
  checkIban(iban, country) === null && checkSwift(swift) === null && checkSwift(swift, iban.slice(0, 2)) !== null;

/**
 * `bank-account/add`: a variant on `country`; each country's `BANK_FIELDS` are required, the others dropped. The
 * rules between two fields follow (a variant's options cannot carry pipes). They run whenever the fields are
 * strings — a field's own rule failing leaves it typed — so each compares only values that passed their own rules.
 */
export const bankAccountBody = v.pipe(
  v.variant('country', [ruBank, ibanBank('BY'), kzBank, ibanBank('ES')], discriminatorMessage),
  // The account's control key is computed with the BIK.
  v.forward(
    v.partialCheck(
      [['country'], ['bik'], ['checkingAccount']],
      (bank) => bank.country !== 'RU' || checkRuAccount(bank.checkingAccount, bank.bik) === null,
      'INCORRECT_ACCOUNT_NUMBER',
    ),
    ['checkingAccount'],
  ),
  // SPEC §5 "SWIFT must match IBAN".
  v.forward(
    v.partialCheck(
      [['country'], ['iban'], ['swift']],
      (bank) => (bank.country !== 'BY' && bank.country !== 'ES') || !swiftMismatch(bank.country, bank.iban, bank.swift),
      'SWIFT_IBAN_MISMATCH',
    ),
    ['swift'],
  ),
);

/** `bank/bik?bik=`: only the form of a BIK; whether it exists is the directory's answer. */
export const bikQuery = object({ bik: requisite(compactDigits, checkBik, 9) });

// ——— Step 4 and moderation ———

/** `supplier/submit`: the interface language the offer is accepted in. */
export const submitBody = object({ supplierId, language: oneOf(LOCALES) });

/** A moderator's rejection reason: required, several lines allowed, no other control characters. */
export const rejectBody = object({ reason: v.pipe(textLines(REASON_MAX), v.nonEmpty('REQUIRED')) });

export type CreateCompanyBody = v.InferInput<typeof createCompanyBody>;
export type CreateCompanyOutput = v.InferOutput<typeof createCompanyBody>;
export type UpdateCompanyBody = v.InferInput<typeof updateCompanyBody>;
export type UpdateCompanyOutput = v.InferOutput<typeof updateCompanyBody>;
export type SupplierIdBody = v.InferInput<typeof supplierIdBody>;
export type HolderNoticesBody = v.InferOutput<typeof holderNoticesBody>;
export type LegalDataBody = v.InferInput<typeof legalDataBody>;
export type LegalDataOutput = v.InferOutput<typeof legalDataBody>;
export type BankAccountBody = v.InferInput<typeof bankAccountBody>;
export type BankAccountOutput = v.InferOutput<typeof bankAccountBody>;
export type SubmitBody = v.InferInput<typeof submitBody>;
export type RejectBody = v.InferInput<typeof rejectBody>;
