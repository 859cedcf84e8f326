import type { CatalogueItem, ProductStatus } from '@contract/catalogue';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { listRow, rowLink } from '@/ui/list-table';
import { PagedList, type ListColumn } from '@/ui/paged-list';
import { SelectField } from '@/ui/select-field';
import { formatAmounts } from './amounts';
import { productPicture } from './picture';
import { catalogueListQuery, type CatalogueFilters } from './queries';
import { OnSaleBadge, ProductStatusBadge, ProductStatusOptions } from './status-badge';

const filters = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '2fr 1fr' }, maxWidth: { md: '720px' } });

const rowStyle = css(listRow.md, {
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: 'auto 1fr',
  gap: '1 3',
});
const thumb = css(productPicture, {
  width: { base: '80px', md: '96px' },
  // The reset's `max-width: 100%` of a cell sized to its content (width 1px) is 0: the image would vanish on desktop.
  maxWidth: 'none',
});

/** The products: cover (named for screen readers only), name and type, amounts, status, last change. */
const COLUMNS: readonly ListColumn[] = [
  { id: 'catalogue.column.image', srOnly: true },
  { id: 'catalogue.column.name' },
  { id: 'catalogue.column.denominations' },
  { id: 'catalogue.column.status' },
  { id: 'catalogue.column.updated' },
];

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

/**
 * /certificates (SPEC §2): the selected company's products with their status
 * (and whether an approved version is on sale), a status filter, a search by
 * name, and paging, all kept in the URL; a row opens the product.
 */
export function CataloguePage({ status, search, page }: CatalogueFilters) {
  const intl = useIntl();
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const list = useQuery({ ...catalogueListQuery(supplierId ?? '', { status, search, page }), enabled: supplierId !== null });
  // A filter is a step back can undo; the list starts again at page 1.
  const filter = (next: { status: ProductStatus | ''; search: string }) =>
    void navigate({ to: '/certificates', search: { status: next.status || undefined, search: next.search || undefined } });

  return (
    <PagedList
      query={list}
      testId="catalogue"
      title="catalogue.title"
      count="catalogue.count"
      add={{ to: '/certificates/add', label: 'catalogue.add', testId: 'catalogue-add' }}
      search={{ value: search, label: 'catalogue.search.label' }}
      filters={(searchBox) => (
        <div className={filters}>
          {searchBox}
          <SelectField
            label={intl.formatMessage({ id: 'catalogue.filter.status' })}
            name="status"
            value={status}
            onChange={(event) => filter({ status: event.target.value as ProductStatus | '', search })}
            data-testid="catalogue-status-filter"
          >
            <ProductStatusOptions any="catalogue.filter.all" />
          </SelectField>
        </div>
      )}
      empty="catalogue.empty"
      noMatch={{
        message: 'catalogue.noMatch',
        clear: 'catalogue.filter.clear',
        active: Boolean(status),
        onClear: () => filter({ status: '', search: '' }),
      }}
      columns={COLUMNS}
      row={(item) => <ProductRow key={item.id} item={item} />}
      rowsTestId="catalogue-table"
      pagesLabel="catalogue.pagination.label"
    />
  );
}
