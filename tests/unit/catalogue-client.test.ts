import type { ProductDetails } from '@contract/catalogue';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { catalogueKeys, storeProduct } from '@/features/catalogue/queries';
import { canOpenStep, canSubmit, firstIncompleteStep, isComplete } from '@/features/catalogue/steps';

// The saved query cache (IndexedDB) is not part of these tests.
vi.mock('@/lib/query-client', () => ({ preload: vi.fn() }));

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
