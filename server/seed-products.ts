import { PRODUCT_STEPS, type ProductData, type ProductType } from '../src/contract/catalogue';
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

/** A demo product as the wizard would have made it: complete, approved and on sale. */
export function demoProduct({ supplierId, name, productType, values, uses }: DemoProduct) {
  const data: ProductData = {
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
      productType,
      siteDescription: '',
      expectedActivationDate: '',
      restrictionsByProducts: '',
      b2b: false,
      requiredOrderParameters: ['recipientEmail'],
    },
    denominations: {
      kind: 'fixed',
      items: values.map((value) => ({ value, description: '', externalId: '' })),
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
    },
    terms: {
      printoutNeeded: false,
      receptionPoints: [],
      validity: { kind: 'months', months: 12 },
      codesActive: true,
      extensionPossible: false,
      multiUse: uses === 1 ? { kind: 'no' } : uses === null ? { kind: 'unlimited' } : { kind: 'limited', max: uses },
      disposability: uses === 1 ? 'disposable' : 'reusable',
      delivery: 'noPhysicalGoods',
    },
    images: [],
  };
  return { supplierId, ...liveColumns(data), status: 'active' as const, data, live: data, completedSteps: [...PRODUCT_STEPS] };
}
