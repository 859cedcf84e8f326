import type { FilterChange, ProductsAddress } from '@/features/catalogue/admin/queries';
import { pageOf, text } from '@/routes/-search';

export const productsSearch = ({ supplierId, status, country, productType, search, page }: Record<string, unknown>): ProductsAddress => ({
  supplierId: text(supplierId),
  status: text(status),
  country: text(country),
  productType: text(productType),
  search: text(search),
  page: pageOf(page),
});

/** The address after a filter changed: '' clears it, and the list starts again at page 1. */
export const withFilters = (previous: ProductsAddress, change: FilterChange): ProductsAddress => {
  const next: ProductsAddress = { ...previous, page: undefined };
  for (const [key, value] of Object.entries(change)) Object.assign(next, { [key]: value || undefined });
  return next;
};
