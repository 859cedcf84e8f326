import { createFileRoute } from '@tanstack/react-router';
import { CATALOGUE_ACCESS } from '../-search';
import { wizardStep } from './-step';

/** SPEC §2 /certificates/add/information: step 3 (technical information) of the product named by productId. */
export const Route = createFileRoute('/_app/certificates/add/information')({
  ...wizardStep('information'),
  staticData: { titleId: 'catalogue.wizard.title', access: CATALOGUE_ACCESS },
});
