import { createFileRoute, useParams } from '@tanstack/react-router';
import { CompanyDetailsPage } from '@/features/companies/details-page';

/** SPEC §2 /companies/supplier/{id}: a company's page, for its admins (the server answers "not found" to anyone else). */
export const Route = createFileRoute('/_app/companies/supplier/$supplierId')({
  loader: ({ params }) => import('@/features/companies/queries').then((queries) => queries.loadCompany(params.supplierId)),
  staticData: { titleId: 'companies.details.title', access: { can: 'manageCompany' } },
  component: DetailsRoute,
});

function DetailsRoute() {
  const { supplierId } = useParams({ from: '/_app/companies/supplier/$supplierId' });
  return <CompanyDetailsPage supplierId={supplierId} />;
}
