import { createFileRoute, useSearch } from '@tanstack/react-router';
import { WizardPage } from '@/features/catalogue/wizard-page';
import { CATALOGUE_ACCESS, wizardSearch } from '../-search';

/** SPEC §2 /certificates/add/information: step 3 (technical information) of the product named by productId. */
export const Route = createFileRoute('/_app/certificates/add/information')({
  validateSearch: wizardSearch,
  loaderDeps: ({ search }) => ({ productId: search.productId }),
  loader: ({ deps }) => import('@/features/catalogue/queries').then((queries) => queries.loadProduct(deps.productId)),
  staticData: { titleId: 'catalogue.wizard.title', access: CATALOGUE_ACCESS },
  component: StepRoute,
});

function StepRoute() {
  // useSearch with `from` keeps this split component from importing the route module back.
  const { productId } = useSearch({ from: '/_app/certificates/add/information' });
  return <WizardPage step="information" productId={productId} />;
}
