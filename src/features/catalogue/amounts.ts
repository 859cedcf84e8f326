import type { CatalogueItem } from '@contract/catalogue';
import { formatMoney, formatPriceList } from '@contract/money';

/**
 * A product's amounts in a list: a fixed list as it is ("1 000 ₽ / 3 000,50 ₽ / 5 000 ₽"), a free amount as its
 * range ("1 000 ₽ – 5 000 ₽"), a dash before the denominations step. A fixed list read as a range offered amounts
 * the product does not sell (issue 35).
 */
export function formatAmounts(
  item: Pick<CatalogueItem, 'minDenomination' | 'maxDenomination' | 'fixedDenominations' | 'currency'>,
  locale: string,
): string {
  const money = (minor: number) => formatMoney(minor, item.currency, locale, 'price');
  if (item.fixedDenominations) return formatPriceList(item.fixedDenominations, item.currency, locale);
  if (item.minDenomination === null || item.maxDenomination === null) return '—';
  return item.minDenomination === item.maxDenomination
    ? money(item.minDenomination)
    : `${money(item.minDenomination)} – ${money(item.maxDenomination)}`;
}
