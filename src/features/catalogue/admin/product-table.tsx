import type { AdminProductItem } from '@contract/catalogue';
import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { mutedText } from '@/ui/layout';
import { formatAmounts } from '../amounts';
import { ProductStatusBadge } from '../status-badge';
import { productTypeLabel, SaleBadge, saleStateOf } from './labels';

// A table on wide screens; on phones each row is a card (the header row is read by screen readers only).
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  display: { base: 'block', lg: 'table' },
  bg: { lg: 'surface' },
  borderRadius: 'card',
  overflow: { base: 'visible', lg: 'hidden' },
  '&[aria-busy=true]': { opacity: 0.6 },
  '& thead': {
    display: { base: 'block', lg: 'table-header-group' },
    position: { base: 'absolute', lg: 'static' },
    width: { base: '1px', lg: 'auto' },
    height: { base: '1px', lg: 'auto' },
    overflow: { base: 'hidden', lg: 'visible' },
    clip: { base: 'rect(0 0 0 0)', lg: 'auto' },
  },
  '& tbody': { display: { base: 'flex', lg: 'table-row-group' }, flexDirection: 'column', gap: '3' },
  '& th': {
    textAlign: 'start',
    fontSize: 'sm',
    color: 'muted',
    fontWeight: 'medium',
    px: '4',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'line',
  },
});
const rowStyle = css({
  position: 'relative',
  display: { base: 'grid', lg: 'table-row' },
  gridTemplateColumns: 'auto 1fr',
  gap: '2 3',
  p: { base: '3', lg: '0' },
  bg: 'surface',
  borderWidth: { base: '1px', lg: '0' },
  borderBottomWidth: '1px',
  borderColor: 'line',
  borderRadius: { base: 'control', lg: '0' },
  _hover: { bg: 'accentSoft' },
  '&:last-child': { borderBottomWidth: { lg: '0' } },
  '& td': { px: { lg: '4' }, py: { lg: '3' }, verticalAlign: 'middle' },
});
// The name's link covers the row: a click anywhere opens the product (the company button sits above it).
const nameLink = css({
  fontWeight: 'semibold',
  color: 'ink',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { textDecoration: 'underline' },
  _after: { content: '""', position: 'absolute', inset: 0 },
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

function Row({ item, onCompany }: { item: AdminProductItem; onCompany: (item: AdminProductItem) => void }) {
  const intl = useIntl();
  const range = formatAmounts(item, intl.locale);
  const waiting = item.status === 'moderation' && item.submittedAt;
  return (
    <tr className={rowStyle} data-testid="admin-product-row" data-product-id={item.id} data-status={item.status}>
      <td className={css({ gridRow: { base: 'span 2' } })}>
        {item.coverThumbUrl ? <img src={item.coverThumbUrl} alt="" className={thumb} loading="lazy" /> : <span className={thumb} />}
      </td>
      <td className={css({ minWidth: 0 })}>
        <Link to="/admin/products/$productId" params={{ productId: item.id }} className={nameLink}>
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
export function ProductTable({
  items,
  busy,
  onCompany,
}: {
  items: readonly AdminProductItem[];
  busy: boolean;
  onCompany: (item: AdminProductItem) => void;
}) {
  const intl = useIntl();
  return (
    <table className={table} aria-busy={busy} data-testid="admin-products-table">
      <thead>
        <tr>
          <th scope="col">
            <span className={css({ srOnly: true })}>{intl.formatMessage({ id: 'catalogueAdmin.column.cover' })}</span>
          </th>
          <th scope="col">{intl.formatMessage({ id: 'catalogueAdmin.column.product' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'catalogueAdmin.column.company' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'catalogueAdmin.column.denominations' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'catalogueAdmin.column.status' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'catalogueAdmin.column.date' })}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <Row key={item.id} item={item} onCompany={onCompany} />
        ))}
      </tbody>
    </table>
  );
}
