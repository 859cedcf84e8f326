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
  // Choosing a filter is a step back can undo (the list's search and pages are the paged list's, src/ui/paged-list).
  const onFilters = useCallback(
    (change: FilterChange) => void navigate({ to: '/admin/products', search: (previous) => withFilters(previous, change) }),
    [navigate],
  );
  return <AdminProductsPage address={search} onFilters={onFilters} />;
}
