import { PRODUCT_STATUSES, type CatalogueItem, type ProductStatus } from '@contract/catalogue';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { Button, button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { listRow, listTable, rowLink } from '@/ui/list-table';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { Pagination } from '@/ui/pagination';
import { SearchBox } from '@/ui/search-box';
import { SelectField } from '@/ui/select-field';
import { formatAmounts } from './amounts';
import { catalogueListQuery, type CatalogueFilters } from './queries';
import { OnSaleBadge, PRODUCT_STATUS, ProductStatusBadge } from './status-badge';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });
const filters = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '2fr 1fr' }, maxWidth: { md: '720px' } });
// A message and its one action, which keeps its own width.
const actionCard = css({ alignItems: 'flex-start' });

const rowStyle = css(listRow, {
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: 'auto 1fr',
  gap: '1 3',
});
const thumb = css({
  display: 'block',
  width: { base: '80px', md: '96px' },
  // The reset's `max-width: 100%` of a cell sized to its content (width 1px) is 0: the image would vanish on desktop.
  maxWidth: 'none',
  aspectRatio: '1360 / 620',
  objectFit: 'cover',
  borderRadius: 'control',
  bg: 'canvas',
  borderWidth: '1px',
  borderColor: 'line',
});

function ProductRow({ item }: { item: CatalogueItem }) {
  const intl = useIntl();
  const amounts = formatAmounts(item, intl.locale);
  return (
    <tr className={rowStyle} data-testid="product-row" data-product-id={item.id} data-status={item.status}>
      <td className={css({ gridRow: { base: '1 / span 3' }, width: { md: '1px' } })}>
        {item.coverThumbUrl ? (
          <img className={thumb} src={item.coverThumbUrl} alt="" loading="lazy" width={96} height={44} />
        ) : (
          <span className={thumb} aria-hidden="true" />
        )}
      </td>
      <td className={css({ minWidth: 0 })}>
        <Link to="/certificates/$productId" params={{ productId: item.id }} className={rowLink}>
          {item.name}
        </Link>
        <div className={css({ color: 'muted', fontSize: 'sm' })}>
          {intl.formatMessage({ id: `catalogue.productType.${item.productType}` })}
        </div>
      </td>
      <td className={css({ fontSize: { base: 'sm', md: 'md' } })}>{amounts}</td>
      <td>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <ProductStatusBadge status={item.status} />
          {item.live ? <OnSaleBadge /> : null}
        </div>
      </td>
      <td className={css({ display: { base: 'none', md: 'table-cell' }, color: 'muted', fontSize: 'sm' })}>
        {intl.formatDate(item.updatedAt, { dateStyle: 'medium' })}
      </td>
    </tr>
  );
}

function ProductTable({ items, busy }: { items: readonly CatalogueItem[]; busy: boolean }) {
  const intl = useIntl();
  return (
    <table className={listTable} aria-busy={busy} data-testid="catalogue-table">
      <thead>
        <tr>
          <th scope="col">
            <span className={css({ srOnly: true })}>{intl.formatMessage({ id: 'catalogue.column.image' })}</span>
          </th>
          <th scope="col">{intl.formatMessage({ id: 'catalogue.column.name' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'catalogue.column.denominations' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'catalogue.column.status' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'catalogue.column.updated' })}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <ProductRow key={item.id} item={item} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * /certificates (SPEC §2): the selected company's products with their status
 * (and whether an approved version is on sale), a status filter, a search by
 * name, and paging, all kept in the URL; a row opens the product.
 */
export function CataloguePage({ status, search, page: pageNumber }: CatalogueFilters) {
  const intl = useIntl();
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const list = useQuery({ ...catalogueListQuery(supplierId ?? '', { status, search, page: pageNumber }), enabled: supplierId !== null });
  const data = list.data;
  const filtered = Boolean(search || status);

  const go = useCallback(
    (next: Partial<CatalogueFilters>, replace = false) => {
      const merged = { status, search, page: 1, ...next };
      void navigate({
        to: '/certificates',
        search: { status: merged.status || undefined, search: merged.search || undefined, page: merged.page > 1 ? merged.page : undefined },
        replace,
      });
    },
    [navigate, status, search],
  );
  const onSearch = useCallback((next: string) => go({ search: next }, true), [go]);
  const addLink = (tone: 'primary' | 'secondary') => (
    <Link to="/certificates/add" className={button({ tone })} data-testid="catalogue-add">
      {intl.formatMessage({ id: 'catalogue.add' })}
    </Link>
  );

  return (
    <div className={page}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <h1 className={pageTitle}>{intl.formatMessage({ id: 'catalogue.title' })}</h1>
          {data ? (
            <span className={mutedText} data-testid="catalogue-count">
              {intl.formatMessage({ id: 'catalogue.count' }, { total: data.total })}
            </span>
          ) : null}
        </div>
        {addLink('primary')}
      </div>
      <div className={filters}>
        <SearchBox
          label={intl.formatMessage({ id: 'catalogue.search.label' })}
          value={search}
          onSearch={onSearch}
          testId="catalogue-search"
        />
        <SelectField
          label={intl.formatMessage({ id: 'catalogue.filter.status' })}
          name="status"
          value={status}
          onChange={(event) => go({ status: event.target.value as ProductStatus | '' })}
          data-testid="catalogue-status-filter"
        >
          <option value="">{intl.formatMessage({ id: 'catalogue.filter.all' })}</option>
          {PRODUCT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage({ id: PRODUCT_STATUS[value].messageId })}
            </option>
          ))}
        </SelectField>
      </div>
      <SavedMark updatedAt={list.dataUpdatedAt || undefined} />
      <QueryFallback queries={[list]} />
      {data && data.total === 0 && !filtered ? (
        <Card className={actionCard} data-testid="catalogue-empty">
          <p>{intl.formatMessage({ id: 'catalogue.empty' })}</p>
          {addLink('secondary')}
        </Card>
      ) : null}
      {data && data.items.length === 0 && filtered ? (
        <Card className={actionCard} data-testid="catalogue-no-match">
          <p>{intl.formatMessage({ id: 'catalogue.noMatch' })}</p>
          <Button tone="secondary" onClick={() => go({ search: '', status: '' })}>
            {intl.formatMessage({ id: 'catalogue.filter.clear' })}
          </Button>
        </Card>
      ) : null}
      {data && data.items.length > 0 ? <ProductTable items={data.items} busy={list.isPlaceholderData} /> : null}
      {data && data.total > data.pageSize ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={(next) => go({ page: next })}
          label={intl.formatMessage({ id: 'catalogue.pagination.label' })}
        />
      ) : null}
    </div>
  );
}
