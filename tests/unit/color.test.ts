import { describe, expect, it } from 'vitest';
import { contrast, parseHex, readableOn, softTint, textShade } from '@/lib/color';
import { regionDefaultColor } from '@/contract/enums';

const ratio = (a: string, b: string) => contrast(parseHex(a)!, parseHex(b)!);

describe('accent colours stay readable (WCAG AA)', () => {
  it.each(['#03C03C', '#6B4EFF', '#FFEB3B', '#000000', '#FFFFFF', '#0B69D4', regionDefaultColor('es'), regionDefaultColor('ru')])('%s', (accent) => {
    // Text on the accent: the better of white and ink.
    expect(ratio(readableOn(accent), accent)).toBeCloseTo(Math.max(ratio('#ffffff', accent), ratio('#1b1b29', accent)), 5);
    expect(ratio(textShade(accent), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(textShade(accent), softTint(accent))).toBeGreaterThanOrEqual(4.5);
  });

  it('dark text on the Spanish green, white on the purple', () => {
    expect(readableOn('#03C03C')).not.toBe('#ffffff');
    expect(readableOn('#6B4EFF')).toBe('#ffffff');
  });
});
