import {
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  PRODUCT_STEPS,
  type Characteristics,
  type Denominations,
  type ModerationNote,
  type MultiUse,
  type ProductData,
  type ProductStatus,
  type ProductType,
  type TechnicalInformation,
  type Terms,
} from '@contract/catalogue';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from './db/client';
import { productImages, products } from './db/schema';
import { liveColumns } from './modules/catalogue';
import { checkImage } from './modules/images';

interface DemoProduct {
  supplierId: string;
  name: string;
  productType: ProductType;
  /** Fixed denominations, minor units. */
  values: number[];
  /** Redemptions a certificate allows; null is unlimited. */
  uses: number | null;
  /** When moderation approved it (the day before, it was submitted); now by default. */
  approvedAt?: Date;
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

const DAY_MS = 86_400_000;

/** The moderation history of a product approved at `approvedAt`: submitted the day before, then approved. */
const approvalHistory = (approvedAt: Date): ModerationNote[] => [
  { action: 'submitted', comment: '', at: new Date(approvedAt.getTime() - DAY_MS).toISOString() },
  { action: 'approved', comment: '', at: approvedAt.toISOString() },
];

/**
 * A products row for this copy: by default approved (at `approvedAt`, with the history that says so) and on sale
 * (the live copy is the copy, its rules in the live columns); with `live: false` a product never approved (no live
 * copy, only the name in the columns, no history).
 */
export function productRow(
  supplierId: string,
  data: ProductData,
  {
    live = true,
    status = live ? 'active' : 'draft',
    approvedAt = new Date(),
  }: { live?: boolean; status?: ProductStatus; approvedAt?: Date } = {},
) {
  return {
    supplierId,
    ...(live ? liveColumns(data) : { name: data.characteristics.name }),
    status,
    data,
    live: live ? data : null,
    completedSteps: [...PRODUCT_STEPS],
    ...(live && { history: approvalHistory(approvedAt), submittedAt: new Date(approvedAt.getTime() - DAY_MS) }),
  };
}

/** A demo product as the wizard would have made it: complete, approved and on sale. */
export function demoProduct({ supplierId, name, productType, values, uses, approvedAt }: DemoProduct) {
  const data = productData(name, {
    characteristics: { productType },
    denominations: {
      kind: 'fixed',
      items: values.map((value) => ({ value, description: '', externalId: '' })),
      showDescriptionInPdf: false,
    },
    terms: { multiUse: multiUseOf(uses) },
  });
  return { ...productRow(supplierId, data, { approvedAt }), status: 'active' as const };
}

/**
 * A cover for a demo product, made as a supplier would upload it (1360×620 JPEG, checked, stored and thumbnailed
 * like an upload), so the demo catalogue shows pictures and a demo product can be moderated again after a reset.
 */
export async function addDemoCover(tx: Tx, product: { id: string; name: string }, background: string): Promise<void> {
  const label = product.name.replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}"><text x="80" y="340" font-family="DejaVu Sans, sans-serif" font-size="72" fill="#ffffff">${label}</text></svg>`;
  const bytes = await sharp({ create: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 3, background } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const image = await checkImage(bytes, 'image/jpeg');
  const [stored] = await tx
    .insert(productImages)
    .values({ productId: product.id, ...image })
    .returning({ id: productImages.id });
  await tx
    .update(products)
    .set({
      data: sql`jsonb_set(${products.data}, '{images}', ${JSON.stringify([stored!.id])}::jsonb)`,
      live: sql`jsonb_set(${products.live}, '{images}', ${JSON.stringify([stored!.id])}::jsonb)`,
    })
    .where(eq(products.id, product.id));
}
