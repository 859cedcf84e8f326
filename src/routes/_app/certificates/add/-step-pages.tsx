import type { ProductStep } from '@contract/catalogue';
import { useSearch } from '@tanstack/react-router';
import { WizardPage } from '@/features/catalogue/wizard-page';

/** The wizard's page for one step, for the product its address names. */
const stepPage = (step: ProductStep) =>
  function WizardStep() {
    // Not a route's own useSearch: that would bring the route modules (and the route tree) into this chunk.
    const { productId } = useSearch({ strict: false });
    return <WizardPage step={step} productId={productId} />;
  };

// One export a step, named as the step: wizardStep (./-step.ts) loads the one its route shows.
export const characteristics = stepPage('characteristics');
export const denominations = stepPage('denominations');
export const information = stepPage('information');
export const terms = stepPage('terms');
export const images = stepPage('images');
