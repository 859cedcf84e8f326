import type { FilterChange, ProductsAddress } from '@/features/catalogue/admin/queries';

// The route tree loads with every page (/login too): the address is only read as text here, and the page's own
// chunk (filtersOf) keeps the values that make sense.
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

export const productsSearch = ({ supplierId, status, country, productType, search, page }: Record<string, unknown>): ProductsAddress => ({
  supplierId: text(supplierId),
  status: text(status),
  country: text(country),
  productType: text(productType),
  search: text(search),
  page: typeof page === 'number' && Number.isInteger(page) && page > 1 ? page : undefined,
});

/** The address after a filter changed: '' clears it, and the list starts again at page 1. */
export const withFilters = (previous: ProductsAddress, change: FilterChange): ProductsAddress => {
  const next: ProductsAddress = { ...previous, page: undefined };
  for (const [key, value] of Object.entries(change)) Object.assign(next, { [key]: value || undefined });
  return next;
};
