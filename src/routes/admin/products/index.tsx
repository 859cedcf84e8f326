import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminProductsPage } from '@/features/catalogue/admin/products-page';
import { withFilters, type FilterChange } from '@/features/catalogue/admin/queries';
import { productsSearch } from './-search';

/** SPEC §2 /admin/products: every company's products, filtered, for marketplace staff. */
export const Route = createFileRoute('/admin/products/')({
  validateSearch: productsSearch,
  loaderDeps: ({ search }) => search,
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: ({ deps }) => import('@/features/catalogue/admin/queries').then((queries) => queries.loadAdminProducts(queries.filtersOf(deps))),
  staticData: { titleId: 'catalogueAdmin.title', access: { can: 'moderate' }, menu: 'adminProducts' },
  component: ProductsRoute,
});

function ProductsRoute() {
  const search = useSearch({ from: '/admin/products/' });
  const navigate = useNavigate();
  // Typing in the search box replaces the address; choosing a filter or a page is a step back can undo.
  const onFilters = useCallback(
    (change: FilterChange) =>
      void navigate({ to: '/admin/products', search: (previous) => withFilters(previous, change), replace: 'search' in change }),
    [navigate],
  );
  const onPage = (page: number) =>
    void navigate({ to: '/admin/products', search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) });
  return <AdminProductsPage address={search} onFilters={onFilters} onPage={onPage} />;
}
