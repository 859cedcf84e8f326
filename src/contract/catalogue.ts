import type { Country } from './enums';

/**
 * The certificate catalogue (SPEC §2 /certificates, /admin/products; §3 product,
 * denomination, technical information, terms; decision 055). A product has a
 * working copy that the company edits and the moderator reviews, and, once
 * approved, a live copy that issuing and the till use: an edit of a live
 * product never takes it off sale.
 */

/** The wizard's steps, in order; each is its own route and is saved on the server when the admin moves on. */
export const PRODUCT_STEPS = ['characteristics', 'denominations', 'information', 'terms', 'images'] as const;
export type ProductStep = (typeof PRODUCT_STEPS)[number];

/** The working copy's state: draft (being edited), moderation (submitted), rejected (sent back), active (approved). */
export const PRODUCT_STATUSES = ['draft', 'moderation', 'rejected', 'active'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The marketplace's own switch (admin field "activity"): an inactive product is not sold even when approved. */
export const PRODUCT_ACTIVITIES = ['active', 'inactive'] as const;
export type ProductActivity = (typeof PRODUCT_ACTIVITIES)[number];

export const PRODUCT_TYPES = ['goods', 'services', 'experiences', 'food', 'beauty', 'travel', 'education', 'online'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** What the marketplace must pass with an order through the API (SPEC §3 "required API order parameters"). */
export const ORDER_PARAMETERS = ['recipientName', 'recipientEmail', 'recipientPhone', 'deliveryAddress', 'greeting'] as const;
export type OrderParameter = (typeof ORDER_PARAMETERS)[number];

export const CODE_TYPES = ['own', 'provider'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
export const BARCODE_TYPES = ['none', 'qr', 'i25', 'code128', 'code39', 'other'] as const;
export type BarcodeType = (typeof BARCODE_TYPES)[number];
export const CODE_TRANSFERS = ['email', 'api'] as const;
export const ACCEPTANCES = ['online', 'offline', 'both'] as const;
export type Acceptance = (typeof ACCEPTANCES)[number];
export const ACCOUNTING_EXPORTS = ['code', 'serial'] as const;
export const DISPOSABILITIES = ['disposable', 'reusable'] as const;
export const DELIVERIES = ['yes', 'no', 'noPhysicalGoods'] as const;

/** SPEC §5 and §9. */
export const PRODUCT_NAME_MAX = 45;
/** What the check link (`linkByCode`) must hold: the certificate's code is put there (decision 088). */
export const CODE_PLACEHOLDER = '{code}';
/** A product image's size: what is stored and shown, whatever size was uploaded. */
export const IMAGE_WIDTH = 1360;
export const IMAGE_HEIGHT = 620;
/** The largest upload, four times the product's size each way (decision 076); it also bounds the pixels any decode may take. */
export const IMAGE_MAX_WIDTH = IMAGE_WIDTH * 4;
export const IMAGE_MAX_HEIGHT = IMAGE_HEIGHT * 4;
export const IMAGE_MAX_PIXELS = IMAGE_MAX_WIDTH * IMAGE_MAX_HEIGHT;
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const IMAGES_MAX = 8;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * Whether an upload of width×height (as shown, EXIF rotation applied) may
 * become a product image (SPEC §5 speaks of the ratio 1360×620; decision 076):
 * 1360 to 5440 px wide, its height within a pixel of width·620/1360, which is
 * seldom whole (1500 wide: 683 or 684 high). The browser and the server both ask.
 */
export const imageSizeFits = (width: number, height: number): boolean =>
  width >= IMAGE_WIDTH && width <= IMAGE_MAX_WIDTH && Math.abs(height * IMAGE_WIDTH - width * IMAGE_HEIGHT) < IMAGE_WIDTH;
export const DENOMINATIONS_MAX = 20;
export const RECEPTION_POINTS_MAX = 50;
export const CITIES_MAX = 30;
export const PATTERN_MAX = 200;
export const VALIDITY_MONTHS_MAX = 120;
export const MULTI_USE_MAX = 1000;
export const CATALOGUE_PAGE_SIZE = 20;

export interface Characteristics {
  name: string;
  /** The KZ variant of the name: required for a company in Kazakhstan, optional elsewhere. */
  nameKz: string;
  website: string;
  detailedTitle: string;
  briefDescription: string;
  /** Seen only in the back office. */
  adminName: string;
  /** A page that looks a code up, with `{code}` where the code goes. */
  linkByCode: string;
  venue: string;
  cities: string[];
  productType: ProductType;
  siteDescription: string;
  /** YYYY-MM-DD, or '' when not known. */
  expectedActivationDate: string;
  restrictionsByProducts: string;
  b2b: boolean;
  requiredOrderParameters: OrderParameter[];
}

export interface FixedDenomination {
  /** Minor units. */
  value: number;
  description: string;
  externalId: string;
}

/** A fixed list, or a free amount from min to max in steps of multiplicity (all minor units). */
export type Denominations = (
  { kind: 'fixed'; items: FixedDenomination[] } | { kind: 'range'; min: number; max: number; multiplicity: number }
) & { showDescriptionInPdf: boolean };

export interface TechnicalInformation {
  codeType: CodeType;
  barcodeType: BarcodeType;
  pinRequired: boolean;
  codeTransfer: (typeof CODE_TRANSFERS)[number];
  acceptance: Acceptance;
  exampleNumber: string;
  assignedDenomination: boolean;
  codeBlocking: boolean;
  sampleCode: string;
  samplePin: string;
  /** RE2 syntax (linear time), '' for none: a typed code or PIN that does not match is refused before any lookup. */
  codePattern: string;
  pinPattern: string;
  accountingExport: (typeof ACCOUNTING_EXPORTS)[number];
  delivery: boolean;
}

export interface ReceptionPoint {
  region: string;
  city: string;
  street: string;
  house: string;
  building: string;
  premises: string;
  postcode: string;
}

export type Validity = { kind: 'months'; months: number } | { kind: 'fixedDate'; date: string } | { kind: 'perpetual' };
export type MultiUse = { kind: 'no' } | { kind: 'limited'; max: number } | { kind: 'unlimited' };

export interface Terms {
  printoutNeeded: boolean;
  receptionPoints: ReceptionPoint[];
  validity: Validity;
  /** Codes are issued active, or inactive until the marketplace activates them. */
  codesActive: boolean;
  extensionPossible: boolean;
  multiUse: MultiUse;
  disposability: (typeof DISPOSABILITIES)[number];
  delivery: (typeof DELIVERIES)[number];
}

/** The product as edited: each step's part, null until that step is first saved. */
export interface ProductData {
  characteristics: Characteristics;
  denominations: Denominations | null;
  information: TechnicalInformation | null;
  terms: Terms | null;
  /** Image ids in display order; the first is the cover. */
  images: string[];
}

/** The marketplace's own fields (SPEC §3 "admin"), set by staff only. */
export interface AdminFields {
  activity: ProductActivity;
  sorting: number;
  symbolicCode: string;
  showOnMainPage: boolean;
}

export interface ProductImage {
  id: string;
  /** Served with a year's cache: an image id never changes content. */
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  bytes: number;
}

export interface ModerationNote {
  action: 'submitted' | 'approved' | 'rejected' | 'reset';
  comment: string;
  at: string;
}

export interface ProductDetails {
  id: string;
  supplierId: string;
  supplierName: string;
  country: Country;
  status: ProductStatus;
  /** An approved version is on sale (it stays so while a newer working copy is edited or moderated). */
  live: boolean;
  completedSteps: ProductStep[];
  data: ProductData;
  images: ProductImage[];
  admin: AdminFields;
  /** The last moderation comment (the reason when sent back). */
  moderationComment: string;
  history: ModerationNote[];
  createdAt: string;
  updatedAt: string;
}

export interface CatalogueItem {
  id: string;
  name: string;
  status: ProductStatus;
  live: boolean;
  productType: ProductType;
  coverThumbUrl: string | null;
  /** Minor units: the smallest and largest denomination, null before the denominations step. */
  minDenomination: number | null;
  maxDenomination: number | null;
  /** Minor units: a fixed list's amounts in its order, listed as they are (not as a range); null for a free amount. */
  fixedDenominations: number[] | null;
  currency: string;
  updatedAt: string;
}

export interface AdminProductItem extends CatalogueItem {
  supplierId: string;
  supplierName: string;
  tin: string;
  country: Country;
  activity: ProductActivity;
  submittedAt: string | null;
}

/** The smallest and largest amount a buyer may pick, minor units. */
export function denominationBounds(denominations: Denominations | null): [number | null, number | null] {
  if (!denominations) return [null, null];
  if (denominations.kind === 'range') return [denominations.min, denominations.max];
  const values = denominations.items.map((item) => item.value);
  return [Math.min(...values), Math.max(...values)];
}

/** Allowed when the denominations are a fixed list containing it, or a range containing it at its step. */
export const allowsDenomination = (denominations: Denominations, value: number): boolean =>
  denominations.kind === 'fixed'
    ? denominations.items.some((item) => item.value === value)
    : value >= denominations.min && value <= denominations.max && (value - denominations.min) % denominations.multiplicity === 0;

/** How many redemptions a certificate of the product allows; null is unlimited. */
export const redemptionLimitOf = (multiUse: MultiUse): number | null =>
  multiUse.kind === 'no' ? 1 : multiUse.kind === 'limited' ? multiUse.max : null;

/** The settings that describe provider codes: switching to own codes resets them (SPEC §4). */
export const CODE_SETTINGS = [
  'barcodeType',
  'codeTransfer',
  'exampleNumber',
  'codeBlocking',
  'sampleCode',
  'samplePin',
  'codePattern',
  'pinPattern',
] as const;

/** What the code settings become when the product switches to own codes: the platform's numbers, no patterns. */
export const OWN_CODE_DEFAULTS: Pick<TechnicalInformation, (typeof CODE_SETTINGS)[number]> = {
  barcodeType: 'qr',
  codeTransfer: 'api',
  exampleNumber: '',
  codeBlocking: false,
  sampleCode: '',
  samplePin: '',
  codePattern: '',
  pinPattern: '',
};

/** Where an image is served: ids are never reused, so the answers are cached for a year. */
export const imageUrls = (imageId: string) => ({
  url: `/api/media/product-images/${imageId}/full`,
  thumbUrl: `/api/media/product-images/${imageId}/thumb`,
});
