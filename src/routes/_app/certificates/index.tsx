import { createFileRoute, useSearch } from '@tanstack/react-router';
import { CataloguePage } from '@/features/catalogue/catalogue-page';
import { statusFilter } from '@/features/catalogue/queries';
import { pageOf, text } from '@/routes/-search';
import { CATALOGUE_ACCESS } from './-search';

interface CatalogueSearch {
  /** Checked by the page (statusFilter). */
  status?: string;
  /** Part of a name. */
  search?: string;
  page?: number;
}

/** SPEC §2 /certificates: the selected company's products, for its admins. */
export const Route = createFileRoute('/_app/certificates/')({
  validateSearch: ({ status, search, page }: Record<string, unknown>): CatalogueSearch => ({
    status: typeof status === 'string' && status ? status : undefined,
    search: text(search),
    page: pageOf(page),
  }),
  loaderDeps: ({ search }) => ({ status: search.status, search: search.search?.trim() ?? '', page: search.page ?? 1 }),
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: ({ deps }) =>
    import('@/features/catalogue/queries').then((queries) => queries.loadCatalogue({ ...deps, status: queries.statusFilter(deps.status) })),
  staticData: { titleId: 'catalogue.title', access: CATALOGUE_ACCESS, menu: 'certificates' },
  component: CatalogueRoute,
});

function CatalogueRoute() {
  const { status, search, page } = useSearch({ from: '/_app/certificates/' });
  return <CataloguePage status={statusFilter(status)} search={search?.trim() ?? ''} page={page ?? 1} />;
}
