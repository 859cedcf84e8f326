import { withLuhnDigit } from '@contract/luhn';
import { normalizeCertificateNumber } from '@contract/redemption';
import { describe, expect, it } from 'vitest';
import { canCheckNumber, groupCertificateNumber, numberState } from '@/features/redemption/certificate-number';

describe('certificate number, checked as it is typed', () => {
  const good = '7000000000000013';

  it('says nothing until 16 digits are there', () => {
    expect(numberState('')).toBe('empty');
    expect(numberState('   ')).toBe('empty');
    for (let length = 1; length < 16; length++) expect(numberState(good.slice(0, length))).toBe('incomplete');
  });

  it('accepts a number whose check digit matches, and flags one typo in any position', () => {
    expect(numberState(good)).toBe('valid');
    for (let position = 0; position < 16; position++) {
      const digit = Number(good[position]);
      const typo = good.slice(0, position) + String((digit + 1) % 10) + good.slice(position + 1);
      expect(numberState(typo), typo).toBe('invalid');
    }
  });

  it('flags two neighbouring digits swapped', () => {
    expect(numberState('7000000000000031')).toBe('invalid');
  });

  it('takes the spaces and dashes printed on cards', () => {
    expect(normalizeCertificateNumber(' 7000 0000-0000 0013 ')).toBe(good);
    expect(numberState('7000 0000 0000 0013')).toBe('valid');
  });

  it('never blocks provider codes: letters, or another length', () => {
    expect(numberState('ab12cd')).toBe('other');
    expect(numberState('70000000000000130')).toBe('other');
    expect(canCheckNumber('other')).toBe(true);
    expect(canCheckNumber('incomplete')).toBe(true);
  });

  it('blocks the check only for an empty field and a wrong check digit', () => {
    expect(canCheckNumber('empty')).toBe(false);
    expect(canCheckNumber('invalid')).toBe(false);
    expect(canCheckNumber('valid')).toBe(true);
  });

  it('agrees with the digits the platform issues', () => {
    for (const body of ['700000000000002', '700000000000003', '123456789012345', '000000000000000'])
      expect(numberState(withLuhnDigit(body))).toBe('valid');
  });
});

describe('certificate number, shown', () => {
  it('groups digits in fours, from the left', () => {
    expect(groupCertificateNumber('7000000000000013')).toBe('7000 0000 0000 0013');
    expect(groupCertificateNumber('123456789')).toBe('1234 5678 9');
    expect(groupCertificateNumber('1234')).toBe('1234');
  });

  it('groups what was typed with spaces or dashes the same way, and leaves codes with letters as they are', () => {
    expect(groupCertificateNumber(' 7000-0000 0000-0013 ')).toBe('7000 0000 0000 0013');
    expect(groupCertificateNumber('abc-12345')).toBe('ABC12345');
  });

  it('is display only: normalising the shown number gives back the number', () => {
    expect(normalizeCertificateNumber(groupCertificateNumber('7000000000000013'))).toBe('7000000000000013');
  });
});
