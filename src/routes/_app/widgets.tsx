import { createFileRoute, useSearch } from '@tanstack/react-router';
import { WidgetsPage } from '@/features/widgets/widgets-page';
import { pageOf } from '@/routes/-search';

interface WidgetsSearch {
  page?: number;
}

/** SPEC §2 /widgets: the selected company's sales widgets, for its admins. */
export const Route = createFileRoute('/_app/widgets')({
  validateSearch: ({ page }: Record<string, unknown>): WidgetsSearch => ({
    page: pageOf(page),
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: ({ deps }) => import('@/features/widgets/queries').then((queries) => queries.loadWidgets(deps.page)),
  staticData: { titleId: 'widgets.title', access: { can: 'manageWidgets', company: true }, menu: 'widgets' },
  component: WidgetsRoute,
});

function WidgetsRoute() {
  const { page } = useSearch({ from: '/_app/widgets' });
  return <WidgetsPage page={page ?? 1} />;
}
