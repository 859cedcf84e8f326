import { PRODUCT_STEPS, type ProductDetails, type ProductStep } from '@contract/catalogue';
import type { MessageId } from '@/lib/message-id';

/** The wizard's pages, one per step (SPEC §2); all but the first need `?productId=`. */
export const STEP_PATHS = {
  characteristics: '/certificates/add',
  denominations: '/certificates/add/denominations',
  information: '/certificates/add/information',
  terms: '/certificates/add/terms',
  images: '/certificates/add/images',
} as const satisfies Record<ProductStep, string>;

export const STEP_TITLES: Record<ProductStep, MessageId> = {
  characteristics: 'catalogue.step.characteristics',
  denominations: 'catalogue.step.denominations',
  information: 'catalogue.step.information',
  terms: 'catalogue.step.terms',
  images: 'catalogue.step.images',
};

/** A step is done once saved; the images step while the working copy has an image (decision 055). */
export const stepDone = (product: Pick<ProductDetails, 'completedSteps' | 'data'>, step: ProductStep): boolean =>
  step === 'images' ? product.data.images.length > 0 : product.completedSteps.includes(step);

/** Where the wizard resumes: the first step not done (the last one when all are). */
export const firstIncompleteStep = (product: Pick<ProductDetails, 'completedSteps' | 'data'> | null): ProductStep =>
  product ? (PRODUCT_STEPS.find((step) => !stepDone(product, step)) ?? 'images') : 'characteristics';

const indexOf = (step: ProductStep) => PRODUCT_STEPS.indexOf(step);

/** A step may be opened when every step before it is done: a later one sends the wizard back to the first gap. */
export const canOpenStep = (product: Pick<ProductDetails, 'completedSteps' | 'data'> | null, step: ProductStep): boolean =>
  indexOf(step) <= indexOf(firstIncompleteStep(product));

export const nextStep = (step: ProductStep): ProductStep | null => PRODUCT_STEPS[indexOf(step) + 1] ?? null;
export const previousStep = (step: ProductStep): ProductStep | null => PRODUCT_STEPS[indexOf(step) - 1] ?? null;

/** Everything the moderator needs is there: the four forms saved and an image. */
export const isComplete = (product: Pick<ProductDetails, 'completedSteps' | 'data'>): boolean =>
  PRODUCT_STEPS.every((step) => stepDone(product, step));

/** The company may change the working copy unless it waits for the moderator (PRODUCT_NOT_EDITABLE). */
export const isEditable = (product: Pick<ProductDetails, 'status'>): boolean => product.status !== 'moderation';

/** Submit is offered for a draft or a product sent back, once complete. */
export const canSubmit = (product: Pick<ProductDetails, 'status' | 'completedSteps' | 'data'>): boolean =>
  (product.status === 'draft' || product.status === 'rejected') && isComplete(product);
