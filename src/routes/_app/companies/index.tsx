import { createFileRoute } from '@tanstack/react-router';
import { CompaniesPage } from '@/features/companies/companies-page';

/** SPEC §2 /companies, SPEC §6: for admins. */
export const Route = createFileRoute('/_app/companies/')({
  staticData: { titleId: 'companies.title', access: { can: 'manageCompany' }, menu: 'companies' },
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: () => import('@/features/companies/queries').then((queries) => queries.loadCompanies()),
  component: CompaniesPage,
});
