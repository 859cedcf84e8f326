import * as v from 'valibot';
import {
  ACCEPTANCES,
  ACCOUNTING_EXPORTS,
  BARCODE_TYPES,
  CITIES_MAX,
  CODE_PLACEHOLDER,
  CODE_TRANSFERS,
  CODE_TYPES,
  DELIVERIES,
  DENOMINATIONS_MAX,
  DISPOSABILITIES,
  IMAGES_MAX,
  MULTI_USE_MAX,
  ORDER_PARAMETERS,
  PATTERN_MAX,
  PRODUCT_ACTIVITIES,
  PRODUCT_NAME_MAX,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  RECEPTION_POINTS_MAX,
  VALIDITY_MONTHS_MAX,
} from '../catalogue';
import { COUNTRIES } from '../company';
import type { ErrorCode } from '../errors';
import { checkWebsite, normalizeWebsite } from '../requisites/website';
import { isDay, NO_CONTROL_CHARS, oneOf, requiredText, textLines } from './fields';
import { pageNumber, supplierId } from './redemption';

/**
 * The catalogue's rules (SPEC §3, §5; decision 055), written once for the
 * wizard's forms, the admin area and the server. Each step is a schema of its
 * own: the server saves a step only when it passes. Rules across steps (the KZ
 * name, offline acceptance needs a reception point) are checked at submit by
 * the server, which knows the company's country.
 */

const missing = (input: unknown) => input === undefined || input === null || input === '';
/** A variant's key (`kind`, `step`) left out is required; one it does not list is unknown; no object at all, the wrong type. */
const variantMessage = (issue: v.VariantIssue): ErrorCode =>
  issue.path?.[0]?.key === undefined ? 'WRONG_TYPE' : missing(issue.input) ? 'REQUIRED' : 'UNKNOWN_VALUE';
const flag = v.boolean('WRONG_TYPE');

/** An optional single-line text: '' when absent, trimmed, bounded, no control characters. */
export const optionalText = (max: number) =>
  v.optional(v.pipe(v.string('WRONG_TYPE'), v.trim(), v.maxLength(max, 'TOO_LONG'), v.regex(NO_CONTROL_CHARS, 'WRONG_TYPE')), '');

const optionalLines = (max: number) => v.optional(textLines(max), '');

const website = v.pipe(
  v.string('WRONG_TYPE'),
  v.transform(normalizeWebsite),
  v.maxLength(255, 'TOO_LONG'),
  v.check((value) => value === '' || checkWebsite(value) === null, 'INVALID_WEBSITE'),
);
const optionalWebsite = v.optional(website, '');
/** The check link: a website that says where the code goes; without it the link could check no certificate (decision 088). */
const optionalCheckLink = v.optional(
  v.pipe(
    website,
    v.check((value) => value === '' || value.includes(CODE_PLACEHOLDER), 'LINK_CODE_MISSING'),
  ),
  '',
);

export const day = v.pipe(
  v.string((issue) => (missing(issue.input) ? 'REQUIRED' : 'WRONG_TYPE')),
  v.trim(),
  v.nonEmpty('REQUIRED'),
  v.check(isDay, 'DATE_INVALID'),
);
const optionalDay = v.optional(v.union([v.literal(''), day], 'DATE_INVALID'), '');

/** Money typed into the catalogue: whole minor units, positive, bounded like issuing. */
export const money = v.pipe(
  v.number((issue) => (missing(issue.input) ? 'REQUIRED' : 'WRONG_TYPE')),
  v.integer('AMOUNT_NOT_INTEGER'),
  v.minValue(1, 'AMOUNT_TOO_SMALL'),
  v.maxValue(100_000_000, 'VALUE_TOO_LARGE'),
);

const count = (min: number, max: number) =>
  v.pipe(
    v.number((issue) => (missing(issue.input) ? 'REQUIRED' : 'WRONG_TYPE')),
    v.integer('WRONG_TYPE'),
    v.minValue(min, 'VALUE_TOO_SMALL'),
    v.maxValue(max, 'VALUE_TOO_LARGE'),
  );

/**
 * A code or PIN pattern as typed: bounded text. Whether it is a valid RE2
 * expression (no back-references, no look-around: matching stays linear in
 * time) is checked by the server, which owns the engine (server/lib/pattern.ts).
 */
export const pattern = optionalText(PATTERN_MAX);

const distinct =
  <T>(key: (item: T) => unknown) =>
  <U extends T>(items: U[]) =>
    new Set(items.map(key)).size === items.length;

export const characteristics = v.object({
  name: requiredText(PRODUCT_NAME_MAX),
  nameKz: optionalText(PRODUCT_NAME_MAX),
  website: optionalWebsite,
  detailedTitle: optionalText(150),
  briefDescription: optionalLines(300),
  adminName: optionalText(100),
  linkByCode: optionalCheckLink,
  venue: optionalText(200),
  cities: v.optional(
    v.pipe(
      v.array(requiredText(80), 'WRONG_TYPE'),
      v.maxLength(CITIES_MAX, 'TOO_MANY'),
      v.check(
        distinct((city: string) => city.toLowerCase()),
        'DUPLICATE_VALUE',
      ),
    ),
    [],
  ),
  productType: oneOf(PRODUCT_TYPES),
  siteDescription: optionalLines(3000),
  expectedActivationDate: optionalDay,
  restrictionsByProducts: optionalLines(1000),
  b2b: v.optional(flag, false),
  requiredOrderParameters: v.optional(
    v.pipe(
      v.array(oneOf(ORDER_PARAMETERS), 'WRONG_TYPE'),
      v.maxLength(ORDER_PARAMETERS.length * 2, 'TOO_MANY'),
      v.transform((list) => ORDER_PARAMETERS.filter((parameter) => list.includes(parameter))),
    ),
    [],
  ),
});

const fixedDenomination = v.object({ value: money, description: optionalText(200), externalId: optionalText(64) });

export const denominations = v.intersect([
  v.variant(
    'kind',
    [
      v.object({
        kind: v.literal('fixed'),
        items: v.pipe(
          v.array(fixedDenomination, 'WRONG_TYPE'),
          v.minLength(1, 'DENOMINATION_REQUIRED'),
          v.maxLength(DENOMINATIONS_MAX, 'TOO_MANY'),
          v.check(
            distinct((item: { value: number }) => item.value),
            'DENOMINATION_DUPLICATE',
          ),
        ),
      }),
      v.pipe(
        v.object({ kind: v.literal('range'), min: money, max: money, multiplicity: money }),
        v.forward(
          v.check((range) => range.min < range.max, 'RANGE_INVALID'),
          ['max'],
        ),
        // Both ends must be amounts the range allows, so the buyer can pick them.
        v.forward(
          v.check(
            (range) => range.multiplicity <= range.max - range.min && (range.max - range.min) % range.multiplicity === 0,
            'MULTIPLICITY_INVALID',
          ),
          ['multiplicity'],
        ),
      ),
    ],
    variantMessage,
  ),
  v.object({ showDescriptionInPdf: v.optional(flag, false) }),
]);

export const information = v.pipe(
  v.object({
    codeType: oneOf(CODE_TYPES),
    barcodeType: oneOf(BARCODE_TYPES),
    pinRequired: flag,
    codeTransfer: oneOf(CODE_TRANSFERS),
    acceptance: oneOf(ACCEPTANCES),
    exampleNumber: optionalText(64),
    assignedDenomination: v.optional(flag, false),
    codeBlocking: v.optional(flag, false),
    sampleCode: optionalText(64),
    samplePin: optionalText(32),
    codePattern: pattern,
    pinPattern: pattern,
    accountingExport: oneOf(ACCOUNTING_EXPORTS),
    delivery: v.optional(flag, false),
  }),
  // Own codes are the platform's numbers: a pattern would refuse them.
  v.forward(
    v.check((info) => info.codeType === 'provider' || (info.codePattern === '' && info.pinPattern === ''), 'PATTERN_NOT_FOR_OWN_CODES'),
    ['codePattern'],
  ),
  v.forward(
    v.check((info) => info.pinRequired || info.pinPattern === '', 'PIN_PATTERN_WITHOUT_PIN'),
    ['pinPattern'],
  ),
);

export const receptionPoint = v.object({
  region: requiredText(100),
  city: requiredText(100),
  street: requiredText(150),
  house: requiredText(20),
  building: optionalText(20),
  premises: optionalText(20),
  postcode: v.pipe(requiredText(12), v.regex(/^[\dA-Za-z -]{3,12}$/, 'POSTCODE_INVALID')),
});

export const validity = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('months'), months: count(1, VALIDITY_MONTHS_MAX) }),
    v.object({ kind: v.literal('fixedDate'), date: day }),
    v.object({ kind: v.literal('perpetual') }),
  ],
  variantMessage,
);

export const multiUse = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('no') }),
    v.object({ kind: v.literal('limited'), max: count(2, MULTI_USE_MAX) }),
    v.object({ kind: v.literal('unlimited') }),
  ],
  variantMessage,
);

export const terms = v.pipe(
  v.object({
    printoutNeeded: v.optional(flag, false),
    receptionPoints: v.optional(v.pipe(v.array(receptionPoint, 'WRONG_TYPE'), v.maxLength(RECEPTION_POINTS_MAX, 'TOO_MANY')), []),
    validity,
    codesActive: v.optional(flag, true),
    extensionPossible: v.optional(flag, false),
    multiUse,
    disposability: oneOf(DISPOSABILITIES),
    delivery: oneOf(DELIVERIES),
  }),
  // A disposable certificate is redeemed once; a reusable one more than once.
  v.forward(
    v.check((value) => (value.disposability === 'disposable') === (value.multiUse.kind === 'no'), 'MULTI_USE_CONFLICT'),
    ['multiUse'],
  ),
  // A perpetual certificate has nothing to extend.
  v.forward(
    v.check((value) => !(value.extensionPossible && value.validity.kind === 'perpetual'), 'EXTENSION_CONFLICT'),
    ['extensionPossible'],
  ),
);

export const productId = v.pipe(
  v.string((issue) => (missing(issue.input) ? 'REQUIRED' : 'WRONG_TYPE')),
  v.uuid('PRODUCT_NOT_FOUND'),
);
const imageId = v.pipe(v.string('WRONG_TYPE'), v.uuid('IMAGE_NOT_FOUND'));

/** One step of the working copy, as the wizard (and the moderator) saves it. */
export const stepData = v.variant(
  'step',
  [
    v.object({ step: v.literal('characteristics'), data: characteristics }),
    v.object({ step: v.literal('denominations'), data: denominations }),
    v.object({ step: v.literal('information'), data: information, confirmCodeReset: v.optional(flag, false) }),
    v.object({ step: v.literal('terms'), data: terms }),
  ],
  variantMessage,
);

// Supplier calls, under /api/front/supplier/catalogue (admin role).
export const createProductBody = v.object({ supplierId, data: characteristics });
export const saveStepBody = v.intersect([v.object({ supplierId, productId }), stepData]);
export const productBody = v.object({ supplierId, productId });
export const productQuery = productBody;
export const imageQuery = productBody;
export const orderImagesBody = v.object({
  supplierId,
  productId,
  imageIds: v.pipe(
    v.array(imageId, 'WRONG_TYPE'),
    v.maxLength(IMAGES_MAX, 'IMAGE_LIMIT'),
    v.check(
      distinct((id: string) => id),
      'DUPLICATE_VALUE',
    ),
  ),
});
export const deleteImageBody = v.object({ supplierId, productId, imageId });

const search = v.optional(v.pipe(v.string('WRONG_TYPE'), v.maxLength(100, 'TOO_LONG'), v.trim()), '');
const statusFilter = v.optional(v.union([v.literal(''), oneOf(PRODUCT_STATUSES)], 'UNKNOWN_VALUE'), '');

export const catalogueQuery = v.object({
  supplierId,
  status: statusFilter,
  search,
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(20, 100),
});

// Staff calls, under /api/admin/products.
export const adminProductsQuery = v.object({
  supplierId: v.optional(v.union([v.literal(''), supplierId], 'SUPPLIER_NOT_FOUND'), ''),
  status: statusFilter,
  country: v.optional(v.union([v.literal(''), oneOf(COUNTRIES)], 'UNKNOWN_VALUE'), ''),
  productType: v.optional(v.union([v.literal(''), oneOf(PRODUCT_TYPES)], 'UNKNOWN_VALUE'), ''),
  search,
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(20, 100),
});
export const adminProductParam = v.object({ productId });
export const adminFields = v.object({
  activity: oneOf(PRODUCT_ACTIVITIES),
  sorting: count(0, 100_000),
  symbolicCode: v.pipe(optionalText(64), v.regex(/^[a-z0-9-]*$/, 'SYMBOLIC_CODE_INVALID')),
  showOnMainPage: flag,
});
export const adminSaveBody = v.variant(
  'step',
  [...stepData.options, v.object({ step: v.literal('admin'), data: adminFields })],
  variantMessage,
);
export const MODERATION_COMMENT_MAX = 1000;
export const finishModerationBody = v.pipe(
  v.object({ decision: oneOf(['approve', 'reject'] as const), comment: v.optional(textLines(MODERATION_COMMENT_MAX), '') }),
  // Sending back without saying why leaves the company guessing.
  v.forward(
    v.check((body) => body.decision === 'approve' || body.comment !== '', 'REQUIRED'),
    ['comment'],
  ),
);

export type CharacteristicsInput = v.InferInput<typeof characteristics>;
export type StepData = v.InferOutput<typeof stepData>;
export type AdminSave = v.InferOutput<typeof adminSaveBody>;
