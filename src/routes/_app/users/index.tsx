import { createFileRoute, useSearch } from '@tanstack/react-router';
import { UsersPage } from '@/features/users/users-page';
import { pageOf, text } from '@/routes/-search';

interface UsersSearch {
  /** Part of a name or an e-mail. */
  search?: string;
  page?: number;
}

/** SPEC §2 /users: the selected company's people, for its admins. */
export const Route = createFileRoute('/_app/users/')({
  validateSearch: ({ search, page }: Record<string, unknown>): UsersSearch => ({
    search: text(search),
    page: pageOf(page),
  }),
  loaderDeps: ({ search }) => ({ search: search.search?.trim() ?? '', page: search.page ?? 1 }),
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: ({ deps }) => import('@/features/users/queries').then((queries) => queries.loadMembers(deps)),
  staticData: { titleId: 'users.title', access: { can: 'manageUsers', company: true }, menu: 'users' },
  component: UsersRoute,
});

function UsersRoute() {
  const { search, page } = useSearch({ from: '/_app/users/' });
  return <UsersPage search={search ?? ''} page={page ?? 1} />;
}
