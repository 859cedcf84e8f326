import { createFileRoute, useSearch } from '@tanstack/react-router';
import { SalesPage } from '@/features/analytics/sales-page';
import { reportSearch } from './-search';

/** SPEC §2 /analytics/sales: the selected company's sales, for admins and accountants (SPEC §6). */
export const Route = createFileRoute('/_app/analytics/sales')({
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => search,
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: ({ deps, cause }) => import('@/features/analytics/queries').then((queries) => queries.loadSales(deps, cause)),
  staticData: {
    titleId: 'analytics.sales.title',
    access: { can: 'readSales', company: true },
    menu: 'analyticsSales',
  },
  component: SalesRoute,
});

function SalesRoute() {
  return <SalesPage search={useSearch({ from: '/_app/analytics/sales' })} />;
}
