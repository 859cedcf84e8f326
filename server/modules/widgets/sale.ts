import { allowsDenomination, imageUrls, type Denominations, type ProductData } from '@contract/catalogue';
import { COUNTRY_CURRENCY, type Country } from '@contract/enums';
import type { WidgetProduct } from '@contract/widgets';
import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { products, suppliers } from '../../db/schema';

/**
 * What a widget may sell (decision 58): a product on sale, as issuing reads it (decision 55) — an approved live copy,
 * switched on by the marketplace, of an active company. A widget of a product that leaves sale shows "unavailable"
 * until it is back; it is never deleted.
 */
export const onSale: SQL = and(isNotNull(products.live), eq(products.activity, 'active'), eq(suppliers.status, 'active'))!;

/** What the widget pages and the form read of a product on sale; the query joins suppliers. */
export const saleColumns = {
  productId: products.id,
  productName: products.name,
  live: products.live,
  country: suppliers.country,
};

export interface SaleRow {
  productId: string;
  productName: string;
  live: ProductData | null;
  country: Country;
}

/** How many amounts of a range the form offers to pick from. */
const RANGE_CHOICES = 6;

/** The amounts a widget may offer: a fixed list's own; for a range, evenly spread ones at its step, ends included. */
export function offeredAmounts(denominations: Denominations | null | undefined): number[] {
  if (!denominations) return [];
  if (denominations.kind === 'fixed') return [...new Set(denominations.items.map((item) => item.value))].sort((a, b) => a - b);
  const { min, max, multiplicity } = denominations;
  const steps = Math.floor((max - min) / multiplicity);
  const stride = Math.max(1, Math.ceil(steps / (RANGE_CHOICES - 1)));
  const amounts = new Set<number>();
  for (let step = 0; step < steps; step += stride) amounts.add(min + step * multiplicity);
  amounts.add(min + steps * multiplicity);
  return [...amounts];
}

/** Every amount is one the live copy sells. */
export const allowsAll = (live: ProductData | null, amounts: readonly number[]): boolean =>
  !!live?.denominations && amounts.every((amount) => allowsDenomination(live.denominations!, amount));

export const currencyOf = (row: Pick<SaleRow, 'country'>): string => COUNTRY_CURRENCY[row.country] ?? 'RUB';

export const coverThumbOf = (live: ProductData | null): string | null => {
  const cover = live?.images[0];
  return cover ? imageUrls(cover).thumbUrl : null;
};

export const widgetProductOf = (row: SaleRow): WidgetProduct => ({
  id: row.productId,
  name: row.productName,
  currency: currencyOf(row),
  denominations: offeredAmounts(row.live?.denominations),
  coverThumbUrl: coverThumbOf(row.live),
});
