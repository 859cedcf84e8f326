import { createFileRoute, useSearch } from '@tanstack/react-router';
import { WizardPage } from '@/features/companies/wizard-page';

interface WizardSearch {
  /** The company to continue or change; without it the draft in progress resumes, or a new one starts. */
  supplierId?: string;
  /** Change a company whose steps are all saved (a rejected one) from step 1, then submit it again. */
  edit?: true;
}

/** SPEC §2 /companies/add: the wizard, for admins; not for staff, who create no company (decision 077). */
export const Route = createFileRoute('/_app/companies/add')({
  // An id that names no company of this admin is answered "not found" by the server, and the page says so.
  validateSearch: ({ supplierId, edit }: Record<string, unknown>): WizardSearch => ({
    supplierId: typeof supplierId === 'string' ? supplierId : undefined,
    edit: edit === true || undefined,
  }),
  loaderDeps: ({ search }) => ({ supplierId: search.supplierId }),
  loader: ({ deps: { supplierId } }) =>
    supplierId ? import('@/features/companies/queries').then((queries) => queries.loadCompany(supplierId)) : undefined,
  staticData: { titleId: 'companies.wizard.title', access: { can: 'createCompany' } },
  component: WizardRoute,
});

function WizardRoute() {
  // useSearch with `from` keeps this split component from importing the route module back.
  const { supplierId, edit } = useSearch({ from: '/_app/companies/add' });
  return <WizardPage supplierId={supplierId} edit={edit === true} />;
}
