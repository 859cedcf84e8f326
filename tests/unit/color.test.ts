import { BRAND_ACCENTS, INK } from '@contract/brand';
import { describe, expect, it } from 'vitest';
import { contrast, parseHex, readableOn, softTint, textShade } from '@/lib/color';

const ratio = (a: string, b: string) => contrast(parseHex(a)!, parseHex(b)!);

describe('accent colours stay readable (WCAG AA)', () => {
  it.each([...Object.values(BRAND_ACCENTS), '#FFEB3B', '#000000', '#FFFFFF', '#0B69D4'])('%s', (accent) => {
    // Text on the accent: the better of white and ink.
    expect(ratio(readableOn(accent), accent)).toBeCloseTo(Math.max(ratio('#ffffff', accent), ratio(INK, accent)), 5);
    expect(ratio(textShade(accent), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(textShade(accent), softTint(accent))).toBeGreaterThanOrEqual(4.5);
  });

  it('dark text on the Spanish green, white on the purple', () => {
    expect(readableOn(BRAND_ACCENTS.es)).toBe(INK);
    expect(readableOn(BRAND_ACCENTS.ru)).toBe('#ffffff');
  });
});
