import { randomInt } from 'node:crypto';
import { withLuhnDigit } from '@contract/luhn';

/** 16 digits: a fixed 7, 14 random digits, and the Luhn check digit. */
export const newCertificateNumber = (): string => withLuhnDigit('7' + Array.from({ length: 14 }, () => randomInt(0, 10)).join(''));

/** Six digits: with 5 tries per 15 minutes, guessing one is a one-in-200 000 chance per window. */
export const newPin = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
