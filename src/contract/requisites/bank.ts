import { extractBIC, isValidIBAN } from 'ibantools';
import type { Country } from '../enums';
import type { ErrorCode } from '../errors';

/**
 * IBAN (ISO 13616, already compact and upper-case): the country's length and BBAN pattern, the mod-97 check digits
 * and, where a country has them (ES), the national check digits — all from `ibantools`. It must be of `country`.
 */
export const checkIban = (value: string, country: Country): ErrorCode | null => {
  if (!isValidIBAN(value)) return 'IBAN_WRONG';
  return value.startsWith(country) ? null : 'IBAN_COUNTRY_WRONG';
};

/**
 * SWIFT / BIC (ISO 9362, compact and upper-case): 4 letters of the bank, the country (letters 5–6), 2 of the
 * location and an optional 3-character branch. With an IBAN's country, the BIC's must be the same (SPEC §5
 * "SWIFT must match IBAN"): a Spanish account is served by a Spanish bank's code.
 */
export const checkSwift = (value: string, ibanCountry?: string): ErrorCode | null => {
  const bic = extractBIC(value);
  if (!bic.valid) return 'SWIFT_WRONG';
  return ibanCountry === undefined || bic.countryCode === ibanCountry ? null : 'SWIFT_IBAN_MISMATCH';
};

/** The country of a well-formed IBAN, else undefined (then its SWIFT cannot be matched to it yet). */
export const ibanCountry = (iban: string): string | undefined => (isValidIBAN(iban) ? iban.slice(0, 2) : undefined);

/**
 * KBE, the beneficiary code of a KZ payment: residency (1 resident, 2 non-resident) and the economic sector (1–9),
 * per the National Bank of Kazakhstan's rules on payment codes.
 */
export const checkKbe = (value: string): ErrorCode | null => (/^[12][1-9]$/.test(value) ? null : 'KBE_WRONG');
