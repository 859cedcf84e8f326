import { describe, expect, it } from 'vitest';
import { redemptionSearch, salesSearch } from '@/features/analytics/search';

const supplierId = '6b1c2f4e-8d3a-4c5b-9e7f-0a1b2c3d4e5f';

/** The report pages narrow the URL's params with the contract's rules: bad ones fall back, a bad range says why. */
describe('report search params', () => {
  it('takes a valid filter as it is, with the defaults for what is missing', () => {
    expect(salesSearch(supplierId, { from: '2026-11-01', to: '2026-11-23', search: ' gm-31 ', page: 2 })).toEqual({
      query: { supplierId, from: '2026-11-01', to: '2026-11-23', search: 'gm-31', sort: 'date', order: 'desc', page: 2, pageSize: 50 },
      rangeError: null,
    });
  });

  it('reads a number the router parsed from the address as text', () => {
    expect(salesSearch(supplierId, { search: 7900000000002 as unknown as string }).query.search).toBe('7900000000002');
  });

  it.each([
    [{ from: 'garbage', to: '2026-01-01' }, 'DATE_INVALID'],
    [{ from: '2026-01-01' }, 'DATE_REQUIRED'],
    [{ from: '2026-02-01', to: '2026-01-01' }, 'DATE_RANGE_INVALID'],
    [{ from: '2000-01-01', to: '2026-01-01' }, 'DATE_RANGE_TOO_LONG'],
  ])('drops a broken range %j and keeps its error %s', (range, code) => {
    const { query, rangeError } = salesSearch(supplierId, { ...range, period: 'week' });
    expect(rangeError).toBe(code);
    expect(query).toMatchObject({ period: 'week', from: undefined, to: undefined });
  });

  it("drops a sort, order, period or page that breaks the rules, and another report's sort", () => {
    const { query, rangeError } = salesSearch(supplierId, { sort: 'sum', order: 'up', period: 'decade', page: -3 });
    expect(query).toMatchObject({ sort: 'date', order: 'desc', period: undefined, page: 1 });
    expect(rangeError).toBeNull();
    expect(redemptionSearch(supplierId, { sort: 'sum', order: 'asc' }).query).toMatchObject({ sort: 'sum', order: 'asc' });
  });
});
