import type { ErrorCode } from '../errors';
import { decimalRemainder, isDigits, weightedSum } from './checksum';

/**
 * KPP (tax registration reason code): 4 digits of the tax office, 2 of the reason — digits or, since 2013, capital
 * Latin letters — and a 3-digit serial number (Order of the Federal Tax Service ММВ-7-6/435@).
 */
export const checkKpp = (value: string): ErrorCode | null => (/^\d{4}[\dA-Z]{2}\d{3}$/.test(value) ? null : 'KPP_WRONG');

/**
 * OGRN (an organisation's registration number, 13 digits, starting with 1 or 5) and OGRNIP (a sole trader's,
 * 15 digits, starting with 3): the last digit is the rest of the number before it modulo 11 (OGRN) or 13
 * (OGRNIP), taken modulo 10. Other first digits are numbers of register *records* (ГРН), not of a business.
 */
export const checkOgrn = (value: string, individual: boolean): ErrorCode | null => {
  const length = individual ? 15 : 13;
  if (!isDigits(value, length) || !(individual ? /^3/ : /^[15]/).test(value)) return 'OGRN_WRONG';
  const check = decimalRemainder(value.slice(0, -1), individual ? 13 : 11) % 10;
  return check === Number(value.at(-1)) ? null : 'OGRN_WRONG';
};

/** BIK, the bank's code in Russia: 9 digits, "04" (Russia) first. Whether the bank exists is the directory's business. */
export const checkBik = (value: string): ErrorCode | null => (/^04\d{7}$/.test(value) ? null : 'BIK_WRONG');

/** Digits 7–9 of the BIK of a Bank of Russia unit (a cash settlement centre), never of a bank. */
const isBankOfRussiaUnit = (bik: string): boolean => ['000', '001', '002'].includes(bik.slice(6));

/**
 * The control key of a 20-digit account (Bank of Russia Regulation 579-П, annex "Порядок расчета контрольного
 * ключа"): three digits that name where the account is opened, then the account; Σ digit × (7, 1, 3, …) must end
 * in 0. Where it is opened: a bank — the BIK's last 3 digits; a Bank of Russia unit — "0" and the BIK's digits 5–6.
 */
const hasAccountKey = (prefix: string, account: string): boolean => weightedSum(prefix + account, [7, 1, 3]) % 10 === 0;

/** A checking account (расчётный счёт) opened at the bank with this BIK; the BIK must already be well-formed. */
export const checkRuAccount = (account: string, bik: string): ErrorCode | null => {
  if (!isDigits(account, 20)) return 'INCORRECT_ACCOUNT_NUMBER';
  if (checkBik(bik) !== null) return null; // the BIK's own error is shown; the key cannot be checked yet
  const prefix = isBankOfRussiaUnit(bik) ? `0${bik.slice(4, 6)}` : bik.slice(6);
  return hasAccountKey(prefix, account) ? null : 'INCORRECT_ACCOUNT_NUMBER';
};

/** A bank's correspondent account, opened at the Bank of Russia unit whose number is in BIK digits 5–6. */
export const checkRuCorrespondentAccount = (account: string, bik: string): ErrorCode | null => {
  if (!isDigits(account, 20) || !account.startsWith('301') || checkBik(bik) !== null) return 'INCORRECT_ACCOUNT_NUMBER';
  return hasAccountKey(`0${bik.slice(4, 6)}`, account) ? null : 'INCORRECT_ACCOUNT_NUMBER';
};
