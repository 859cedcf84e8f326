import type { ProductsAddress } from '@/features/catalogue/admin/queries';
import { pageOf, text } from '@/routes/-search';

export const productsSearch = ({ supplierId, status, country, productType, search, page }: Record<string, unknown>): ProductsAddress => ({
  supplierId: text(supplierId),
  status: text(status),
  country: text(country),
  productType: text(productType),
  search: text(search),
  page: pageOf(page),
});
