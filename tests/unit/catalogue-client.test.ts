import type { ProductDetails } from '@contract/catalogue';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney, moneyInput, parseMoney } from '@/features/catalogue/money';
import { catalogueKeys, storeProduct } from '@/features/catalogue/queries';
import { canOpenStep, canSubmit, firstIncompleteStep, isComplete } from '@/features/catalogue/steps';

// The saved query cache (IndexedDB) is not part of these tests.
vi.mock('@/lib/query-client', () => ({ preload: vi.fn() }));

describe('catalogue money as typed', () => {
  it('reads major units the way each locale writes them, into minor units', () => {
    expect(parseMoney('1 000,50', 'ru-RU')).toEqual({ ok: true, minor: 100050 });
    expect(parseMoney('1\u00a0000,5', 'ru-RU')).toEqual({ ok: true, minor: 100050 });
    expect(parseMoney('10.50', 'ru-RU')).toEqual({ ok: true, minor: 1050 });
    expect(parseMoney('1,000.50', 'en-US')).toEqual({ ok: true, minor: 100050 });
    expect(parseMoney('2000', 'en-US')).toEqual({ ok: true, minor: 200000 });
    expect(parseMoney('0,07', 'es-ES')).toEqual({ ok: true, minor: 7 });
  });

  it('refuses what is not an amount with at most two decimals, and says when nothing is typed', () => {
    expect(parseMoney('  ', 'ru-RU')).toEqual({ ok: false, error: 'REQUIRED' });
    for (const typed of ['20 руб', '1,005', '-5', ',', '1e3', '12345678901234'])
      expect(parseMoney(typed, 'ru-RU'), typed).toEqual({ ok: false, error: 'AMOUNT_FORMAT' });
  });

  it('shows saved amounts back as they are typed, and with their currency', () => {
    for (const locale of ['ru-RU', 'en-US', 'es-ES', 'fr-FR'])
      for (const minor of [1, 100, 100050, 250000])
        expect(parseMoney(moneyInput(minor, locale), locale), `${locale} ${minor}`).toEqual({ ok: true, minor });
    expect(formatMoney(100050, 'RUB', 'ru-RU').replace(/\s/g, ' ')).toBe('1 000,50 ₽');
    expect(formatMoney(500000, 'EUR', 'en-US')).toBe('€5,000');
  });
});

const product = (completedSteps: ProductDetails['completedSteps'], images: string[], status: ProductDetails['status'] = 'draft') =>
  ({ status, completedSteps, data: { images } }) as unknown as ProductDetails;

describe('catalogue wizard steps', () => {
  it('resumes at the first step not done, and opens no step after it', () => {
    const draft = product(['characteristics', 'denominations'], []);
    expect(firstIncompleteStep(null)).toBe('characteristics');
    expect(firstIncompleteStep(draft)).toBe('information');
    expect(canOpenStep(draft, 'information')).toBe(true);
    expect(canOpenStep(draft, 'terms')).toBe(false);
    expect(canOpenStep(null, 'denominations')).toBe(false);
  });

  it('counts the images step done while there is an image, and offers submit for a complete draft or a product sent back', () => {
    const steps: ProductDetails['completedSteps'] = ['characteristics', 'denominations', 'information', 'terms'];
    expect(firstIncompleteStep(product(steps, []))).toBe('images');
    expect(isComplete(product(steps, []))).toBe(false);
    expect(canSubmit(product(steps, ['i1']))).toBe(true);
    expect(canSubmit(product(steps, ['i1'], 'rejected'))).toBe(true);
    expect(canSubmit(product(steps, ['i1'], 'moderation'))).toBe(false);
    expect(canSubmit(product(steps, ['i1'], 'active'))).toBe(false);
  });
});

describe('catalogue queries', () => {
  it("a change puts the product in place and asks again for that company's lists only", async () => {
    const client = new QueryClient();
    const filters = { status: '' as const, search: '', page: 1 };
    client.setQueryData(catalogueKeys.list('s1', filters), { items: [] });
    client.setQueryData(catalogueKeys.list('s2', filters), { items: [] });
    client.setQueryData(catalogueKeys.product('s1', 'p2'), { id: 'p2' });
    const saved = { id: 'p1', supplierId: 's1' } as ProductDetails;
    await storeProduct(client, saved);
    expect(client.getQueryData(catalogueKeys.product('s1', 'p1'))).toBe(saved);
    expect(client.getQueryState(catalogueKeys.list('s1', filters))?.isInvalidated).toBe(true);
    expect(client.getQueryState(catalogueKeys.list('s2', filters))?.isInvalidated).toBe(false);
    expect(client.getQueryState(catalogueKeys.product('s1', 'p2'))?.isInvalidated).toBe(false);
  });
});
