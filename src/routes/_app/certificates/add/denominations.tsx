import { createFileRoute } from '@tanstack/react-router';
import { CATALOGUE_ACCESS } from '../-search';
import { wizardStep } from './-step';

/** SPEC §2 /certificates/add/denominations: step 2 of the product named by productId. */
export const Route = createFileRoute('/_app/certificates/add/denominations')({
  ...wizardStep('denominations'),
  staticData: { titleId: 'catalogue.wizard.title', access: CATALOGUE_ACCESS },
});
