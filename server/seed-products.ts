import {
  PRODUCT_STEPS,
  type Characteristics,
  type Denominations,
  type MultiUse,
  type ProductData,
  type ProductStatus,
  type ProductType,
  type TechnicalInformation,
  type Terms,
} from '../src/contract/catalogue';
import { liveColumns } from './modules/catalogue';

interface DemoProduct {
  supplierId: string;
  name: string;
  productType: ProductType;
  /** Fixed denominations, minor units. */
  values: number[];
  /** Redemptions a certificate allows; null is unlimited. */
  uses: number | null;
}

/** Changes to a complete product, step by step: a step's fields replace the defaults' (denominations whole). */
export interface ProductChange {
  characteristics?: Partial<Characteristics>;
  denominations?: Denominations;
  information?: Partial<TechnicalInformation>;
  terms?: Partial<Terms>;
}

const multiUseOf = (uses: number | null): MultiUse =>
  uses === 1 ? { kind: 'no' } : uses === null ? { kind: 'unlimited' } : { kind: 'limited', max: uses };

/** A complete working copy as the wizard would have made it (own codes, PIN, 12 months, single use), changed as asked. */
export function productData(name: string, change: ProductChange = {}): ProductData {
  const multiUse = change.terms?.multiUse ?? multiUseOf(1);
  return {
    characteristics: {
      name,
      nameKz: '',
      website: 'https://demo-gifts.example.com',
      detailedTitle: name,
      briefDescription: '',
      adminName: '',
      linkByCode: '',
      venue: '',
      cities: ['Москва'],
      productType: 'goods',
      siteDescription: '',
      expectedActivationDate: '',
      restrictionsByProducts: '',
      b2b: false,
      requiredOrderParameters: ['recipientEmail'],
      ...change.characteristics,
    },
    denominations: change.denominations ?? {
      kind: 'fixed',
      items: [{ value: 100_000, description: '', externalId: '' }],
      showDescriptionInPdf: false,
    },
    information: {
      codeType: 'own',
      barcodeType: 'qr',
      pinRequired: true,
      codeTransfer: 'api',
      acceptance: 'both',
      exampleNumber: '',
      assignedDenomination: false,
      codeBlocking: false,
      sampleCode: '',
      samplePin: '',
      codePattern: '',
      pinPattern: '',
      accountingExport: 'code',
      delivery: false,
      ...change.information,
    },
    terms: {
      printoutNeeded: false,
      receptionPoints: [],
      validity: { kind: 'months', months: 12 },
      codesActive: true,
      extensionPossible: false,
      multiUse,
      disposability: multiUse.kind === 'no' ? 'disposable' : 'reusable',
      delivery: 'noPhysicalGoods',
      ...change.terms,
    },
    images: [],
  };
}

/**
 * A products row for this copy: by default approved and on sale (the live copy is the copy, its rules in the
 * live columns); with `live: false` a product never approved (no live copy, only the name in the columns).
 */
export function productRow(
  supplierId: string,
  data: ProductData,
  { live = true, status = live ? 'active' : 'draft' }: { live?: boolean; status?: ProductStatus } = {},
) {
  return {
    supplierId,
    ...(live ? liveColumns(data) : { name: data.characteristics.name }),
    status,
    data,
    live: live ? data : null,
    completedSteps: [...PRODUCT_STEPS],
  };
}

/** A demo product as the wizard would have made it: complete, approved and on sale. */
export function demoProduct({ supplierId, name, productType, values, uses }: DemoProduct) {
  const data = productData(name, {
    characteristics: { productType },
    denominations: {
      kind: 'fixed',
      items: values.map((value) => ({ value, description: '', externalId: '' })),
      showDescriptionInPdf: false,
    },
    terms: { multiUse: multiUseOf(uses) },
  });
  return { ...productRow(supplierId, data), status: 'active' as const };
}
