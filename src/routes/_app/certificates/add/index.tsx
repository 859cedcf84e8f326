import { createFileRoute } from '@tanstack/react-router';
import { CATALOGUE_ACCESS } from '../-search';
import { wizardStep } from './-step';

/** SPEC §2 /certificates/add: step 1 (characteristics) of a new product, or of the product named by productId. */
export const Route = createFileRoute('/_app/certificates/add/')({
  ...wizardStep('characteristics'),
  staticData: { titleId: 'catalogue.wizard.title', access: CATALOGUE_ACCESS },
});
