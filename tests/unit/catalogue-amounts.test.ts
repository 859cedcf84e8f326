import { describe, expect, it } from 'vitest';
import { formatAmounts } from '@/features/catalogue/amounts';

const item = { minDenomination: 100_000, maxDenomination: 500_000, fixedDenominations: null, currency: 'RUB' };
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe("a product's amounts in a list", () => {
  it('lists fixed denominations as they are, a range only for a free amount', () => {
    expect(spaces(formatAmounts({ ...item, fixedDenominations: [100_000, 300_050, 500_000] }, 'ru'))).toBe(
      '1 000 ₽ / 3 000,50 ₽ / 5 000 ₽',
    );
    expect(spaces(formatAmounts(item, 'ru'))).toBe('1 000 ₽ – 5 000 ₽');
    expect(spaces(formatAmounts({ ...item, maxDenomination: 100_000 }, 'ru'))).toBe('1 000 ₽');
    expect(formatAmounts({ ...item, minDenomination: null, maxDenomination: null }, 'ru')).toBe('—');
  });
});
