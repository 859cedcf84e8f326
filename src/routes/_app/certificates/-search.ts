import type { Access } from '@/lib/router-meta';

/** The wizard's address names the product it edits; without one, step 1 starts a new product. */
export interface WizardSearch {
  productId?: string;
}

// An id that names no product of the company is answered "not found" by the server, and the page says so.
export const wizardSearch = ({ productId }: Record<string, unknown>): WizardSearch => ({
  productId: typeof productId === 'string' && productId ? productId : undefined,
});

/** SPEC §2: the catalogue is the company admins'. */
export const CATALOGUE_ACCESS: Access = { can: 'manageCatalogue', company: true };
