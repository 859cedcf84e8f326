import { createFileRoute } from '@tanstack/react-router';
import { CATALOGUE_ACCESS } from '../-search';
import { wizardStep } from './-step';

/** SPEC §2 /certificates/add/images: step 5 (images, then submit) of the product named by productId. */
export const Route = createFileRoute('/_app/certificates/add/images')({
  ...wizardStep('images'),
  staticData: { titleId: 'catalogue.wizard.title', access: CATALOGUE_ACCESS },
});
