import type { AdminProductItem } from '@contract/catalogue';
import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { mutedText } from '@/ui/layout';
import { listRow, rowLink } from '@/ui/list-table';
import type { ListColumn } from '@/ui/paged-list';
import { formatAmounts } from '../amounts';
import { ProductStatusBadge } from '../status-badge';
import { productTypeLabel, SaleBadge, saleStateOf } from './labels';

// Six columns beside the admin menu: a table from `lg` on, cards below (list-table).
const rowStyle = css(listRow.lg, {
  display: { base: 'grid', lg: 'table-row' },
  gridTemplateColumns: 'auto 1fr',
  gap: '2 3',
});
const thumb = css({
  width: '68px',
  height: '31px',
  objectFit: 'cover',
  borderRadius: '4px',
  bg: 'canvas',
  display: 'block',
  flexShrink: 0,
});
const companyButton = css({
  position: 'relative',
  zIndex: 1,
  textAlign: 'start',
  color: 'accentText',
  textDecoration: 'underline',
  textDecorationStyle: 'dotted',
  cursor: 'pointer',
  minHeight: { base: 'touch', lg: 'auto' },
  overflowWrap: 'anywhere',
});
const small = css({ color: 'muted', fontSize: 'sm' });
const badges = css({ display: 'flex', flexWrap: 'wrap', gap: '1' });

/** A product of the list; the row opens it, its company button narrows the list to the company. */
export function ProductRow({ item, onCompany }: { item: AdminProductItem; onCompany: (item: AdminProductItem) => void }) {
  const intl = useIntl();
  const range = formatAmounts(item, intl.locale);
  const waiting = item.status === 'moderation' && item.submittedAt;
  return (
    <tr className={rowStyle} data-testid="admin-product-row" data-product-id={item.id} data-status={item.status}>
      <td className={css({ gridRow: { base: 'span 2' } })}>
        {item.coverThumbUrl ? <img src={item.coverThumbUrl} alt="" className={thumb} loading="lazy" /> : <span className={thumb} />}
      </td>
      <td className={css({ minWidth: 0 })}>
        <Link to="/admin/products/$productId" params={{ productId: item.id }} className={rowLink}>
          {item.name}
        </Link>
        <div className={small}>{intl.formatMessage({ id: productTypeLabel(item.productType) })}</div>
      </td>
      <td className={css({ minWidth: 0, gridColumn: { base: '2' } })}>
        <button type="button" className={companyButton} onClick={() => onCompany(item)} data-testid="admin-product-company">
          {item.supplierName}
        </button>
        <div className={small}>
          {intl.formatDisplayName(item.country, { type: 'region' }) ?? item.country} · {item.tin}
        </div>
      </td>
      <td className={css({ gridColumn: { base: '1 / -1' } })}>{range}</td>
      <td className={css({ gridColumn: { base: '1 / -1' } })}>
        <div className={badges}>
          <ProductStatusBadge status={item.status} />
          <SaleBadge state={saleStateOf(item.live, item.activity)} />
        </div>
      </td>
      <td className={css({ gridColumn: { base: '1 / -1' } })}>
        <span className={mutedText}>
          {intl.formatMessage(
            { id: waiting ? 'catalogueAdmin.list.submittedAt' : 'catalogueAdmin.list.updatedAt' },
            { date: intl.formatDate(waiting || item.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) },
          )}
        </span>
      </td>
    </tr>
  );
}

/** The products found: cover, name and type, company, amounts, status and sale, and since when it waits or changed. */
export const PRODUCT_COLUMNS: readonly ListColumn[] = [
  { id: 'catalogueAdmin.column.cover', srOnly: true },
  { id: 'catalogueAdmin.column.product' },
  { id: 'catalogueAdmin.column.company' },
  { id: 'catalogueAdmin.column.denominations' },
  { id: 'catalogueAdmin.column.status' },
  { id: 'catalogueAdmin.column.date' },
];
