import { describe, expect, it } from 'vitest';
import { admitsOnlyDigits } from '../../server/modules/redemption/code-digits';

/** Decision 065: the till's number keyboard shows digits only when a product's pattern admits no letter. */
describe('a code pattern that admits only digits', () => {
  it.each([
    '\\d{12}',
    '[0-9]{4}-?[0-9]{4}', // the till drops dashes: among the numbers it sends, digits only
    '(?:12|34)+',
    '[[:digit:]]{6,10}',
    '\\pN{8}', // other scripts' digits never reach the till: the number is ASCII
    '[^A-Z]+',
    '\\d+|[a-z]+', // the till upper-cases a number: lower-case codes can never be typed
    'X{0}\\d{5}',
    '\\d{4}[a-z]?',
  ])('%s: digits', (pattern) => expect(admitsOnlyDigits(pattern)).toBe(true));

  it.each([
    '[A-Z0-9]{10}',
    'GC[0-9]{10}',
    '(?i)gc\\d{10}',
    '(?i)\\d+k', // k folds to the K a till sends
    '(?i)\\d+\\x{212A}', // so does the Kelvin sign
    '.{8}',
    '\\w+',
    '\\D\\d+',
    '\\d+|A',
    '\\d{3}(?:\\d|K)\\d{3}',
    '\\d+$A', // an assertion is taken as passable: the answer errs towards letters
  ])('%s: letters', (pattern) => expect(admitsOnlyDigits(pattern)).toBe(false));

  it('refuses what the till would not apply', () => {
    expect(admitsOnlyDigits('[0-9')).toBe(false);
    expect(admitsOnlyDigits('1)|(A')).toBe(false);
  });
});
