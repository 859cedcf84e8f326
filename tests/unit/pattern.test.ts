import { describe, expect, it } from 'vitest';
import { compilePattern } from '../../server/lib/pattern';

describe('code and PIN patterns (RE2)', () => {
  it('matches the whole value only', () => {
    const pattern = compilePattern('[0-9]{4}')!;
    expect(pattern.matches('1234')).toBe(true);
    expect(pattern.matches('x1234')).toBe(false);
    expect(pattern.matches('12345')).toBe(false);
    expect(compilePattern('a|b')!.matches('ab')).toBe(false);
  });

  it('refuses what does not compile, back-references included', () => {
    expect(compilePattern('[0-9')).toBeNull();
    expect(compilePattern('(a)\\1')).toBeNull();
    expect(compilePattern('(?<=a)b')).toBeNull();
  });

  it('cannot be escaped from its anchoring group', () => {
    expect(compilePattern('a)|(b')).toBeNull();
    expect(compilePattern('a)(b')).toBeNull();
  });

  it('runs a catastrophic-backtracking pattern in linear time', () => {
    expect(compilePattern('(a+)+$')!.matches('a'.repeat(30000) + '!')).toBe(false);
    expect(compilePattern('(a+)+$')!.matches('a'.repeat(30000))).toBe(true);
  });

  it('gives the same answer from the cache', () => {
    const first = compilePattern('[A-Z]{2}[0-9]+');
    expect(compilePattern('[A-Z]{2}[0-9]+')).toBe(first);
    for (let index = 0; index < 300; index++) compilePattern(`x${index}`);
    expect(compilePattern('[A-Z]{2}[0-9]+')!.matches('AB12')).toBe(true);
    expect(compilePattern('[0-9')).toBeNull();
  });
});
