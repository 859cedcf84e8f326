import * as unp from 'stdnum/lib/cjs/by/unp.js';
import * as cif from 'stdnum/lib/cjs/es/cif.js';
import * as dni from 'stdnum/lib/cjs/es/dni.js';
import * as nie from 'stdnum/lib/cjs/es/nie.js';
import * as inn from 'stdnum/lib/cjs/ru/inn.js';
import { isIndividual, type LegalType } from '../company';
import type { Country } from '../enums';
import type { ErrorCode } from '../errors';
import { isDigits, weightedSum } from './checksum';
import { compactCode, compactDigits } from './normalize';

/*
 * stdnum is imported module by module from its CommonJS build: the package has no
 * `exports` map and its ESM build imports without file extensions, which Node
 * (tsx) cannot resolve; a deep CommonJS path works in Node and in Vite alike and
 * brings four small modules instead of every country's rules.
 */

// A UNP's letters are Latin, but Belarusian keyboards type the Cyrillic look-alikes (stdnum's Python twin maps them too).
const CYRILLIC_LOOKALIKES: Record<string, string> = { А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', К: 'K', М: 'M', О: 'O', Р: 'P', Т: 'T' };

/**
 * The tax id as stored: trimmed; for BY, KZ and ES also without the spaces, dashes (and, ES, dots) people type;
 * upper-case (NIF letters, the letters of a sole trader's UNP, in Latin).
 */
export const normalizeTaxId = (country: Country, value: string): string => {
  if (country === 'ES') return compactCode(value).replace(/\./g, '');
  if (country === 'BY') return compactCode(value).replace(/[АВСЕНКМОРТ]/g, (letter) => CYRILLIC_LOOKALIKES[letter] ?? letter);
  // A BIN is often printed in groups of three ("990 140 004 654"); a RU INN is written whole (SPEC §5: digits only).
  if (country === 'KZ') return compactDigits(value);
  return value.trim();
};

/** RU INN: 10 digits for an organisation, 12 for a person; the last one or two digits are check digits (stdnum `ru.inn`). */
const checkInn = (value: string, legalType?: LegalType): ErrorCode | null => {
  if (!isDigits(value)) return 'TIN_DIGITS_ONLY';
  if (value.length !== 10 && value.length !== 12) return 'TIN_LENGTH';
  // All zeros passes the check digits, but is a placeholder, never issued. (Real INNs may start with "00".)
  if (/^0+$/.test(value) || !inn.validate(value).isValid) return 'TIN_WRONG';
  if (legalType && isIndividual(legalType) !== (value.length === 12)) return 'TIN_LEGAL_TYPE_MISMATCH';
  return null;
};

/**
 * BY UNP: 9 characters, a check digit mod 11 (stdnum `by.unp`). It starts with the region (1–7) and a digit or,
 * for some sole traders, with two letters; stdnum's JS port skips the region, which its Python original checks.
 */
const checkUnp = (value: string): ErrorCode | null =>
  /^([1-7]\d|[ABCEHKM][ABCEHKMOPT])\d{7}$/.test(value) && unp.validate(value).isValid ? null : 'UNP_WRONG';

/**
 * KZ BIN (organisations) and IIN (people): 12 digits, the last a check digit — Σ digit × (1…11) mod 11, and when
 * that gives 10, Σ digit × (3…11, 1, 2) mod 11; a second 10 means the number is never issued.
 */
const KZ_WEIGHTS_1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const KZ_WEIGHTS_2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2] as const;
export const kzCheckDigit = (first11: string): number | null => {
  const first = weightedSum(first11, KZ_WEIGHTS_1) % 11;
  if (first !== 10) return first;
  const second = weightedSum(first11, KZ_WEIGHTS_2) % 11;
  return second === 10 ? null : second;
};

/**
 * Whose number it is, from the fifth digit. An IIN starts with the birth date (YYMMDD), so it holds the tens of the
 * day, 0–3. A BIN starts with the registration year and month, then the kind: 4 a resident organisation, 5 a
 * non-resident one, 6 sole traders in joint business.
 */
const kzHolder = (value: string): 'person' | 'organisation' | 'joint' | null => {
  const kind = value[4] ?? '';
  if ('0123'.includes(kind)) return 'person';
  if (kind === '4' || kind === '5') return 'organisation';
  return kind === '6' ? 'joint' : null;
};

const checkBin = (value: string, legalType?: LegalType): ErrorCode | null => {
  if (!isDigits(value)) return 'TIN_DIGITS_ONLY';
  if (value.length !== 12 || kzCheckDigit(value.slice(0, 11)) !== Number(value[11])) return 'BIN_WRONG';
  const holder = kzHolder(value);
  if (holder === null) return 'BIN_WRONG';
  // A sole trader works under the person's IIN (or a joint business's BIN); an organisation has its own BIN.
  if (legalType && isIndividual(legalType) !== (holder !== 'organisation')) return 'TIN_LEGAL_TYPE_MISMATCH';
  return null;
};

/**
 * ES NIF: a person's DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter), or an entity's CIF (letter +
 * 7 digits + control digit or letter), each with its control character (stdnum `es.dni`, `es.nie`, `es.cif`). A
 * sole trader (autónomo) files under the DNI or NIE, a company (SL, SA) under a CIF.
 */
const checkNif = (value: string, legalType?: LegalType): ErrorCode | null => {
  const person = dni.validate(value).isValid || nie.validate(value).isValid;
  const entity = !person && cif.validate(value).isValid;
  if (!person && !entity) return 'WRONG_NIF';
  if (legalType && isIndividual(legalType) !== person) return 'TIN_LEGAL_TYPE_MISMATCH';
  return null;
};

/**
 * The company's tax id in its country (SPEC §5 "Tax id"), already normalised (`normalizeTaxId`). With a legal
 * type, also whether the number is of the right kind (a person's or an organisation's).
 */
export const checkTaxId = (country: Country, value: string, legalType?: LegalType): ErrorCode | null => {
  if (value === '') return 'TIN_EMPTY';
  switch (country) {
    case 'RU':
      return checkInn(value, legalType);
    case 'BY':
      return checkUnp(value);
    case 'KZ':
      return checkBin(value, legalType);
    case 'ES':
      return checkNif(value, legalType);
  }
};
