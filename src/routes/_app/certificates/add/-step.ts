import type { ProductStep } from '@contract/catalogue';
import { lazyRouteComponent } from '@tanstack/react-router';
import { wizardSearch, type WizardSearch } from '../-search';

/**
 * The route options of one step of the product wizard (the five files beside this one; each writes its staticData
 * itself, which scripts/route-places.ts reads): the address names the product, which loads before the page, and the
 * five pages are one chunk (./-step-pages.tsx), fetched on the way to the first step opened.
 */
export const wizardStep = (step: ProductStep) => ({
  validateSearch: wizardSearch,
  loaderDeps: ({ search }: { search: WizardSearch }) => ({ productId: search.productId }),
  loader: ({ deps }: { deps: WizardSearch }) =>
    import('@/features/catalogue/queries').then((queries) => queries.loadProduct(deps.productId)),
  component: lazyRouteComponent(() => import('./-step-pages'), step),
});
