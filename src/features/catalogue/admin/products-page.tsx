import { PRODUCT_STATUSES, PRODUCT_TYPES, type AdminProductItem } from '@contract/catalogue';
import { COUNTRIES } from '@contract/company';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { Pagination } from '@/ui/pagination';
import { SearchBox } from '@/ui/search-box';
import { ChoiceField } from '@/ui/select';
import { SelectField } from '@/ui/select-field';
import { PRODUCT_STATUS } from '../status-badge';
import { productTypeLabel } from './labels';
import { ProductTable } from './product-table';
import { adminProductListQuery, filtersOf, type AdminProductFilters, type FilterChange, type ProductsAddress } from './queries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1280px', width: '100%' });
const filterGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: '2fr 1fr 1fr 1fr' },
  gap: '3',
  alignItems: 'end',
  // The text filter takes a line of its own until the four fit side by side.
  '& > :first-child': { gridColumn: { base: '1 / -1', lg: 'auto' } },
});
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  pl: '3',
  borderRadius: 'full',
  bg: 'accentSoft',
  fontWeight: 'medium',
  maxWidth: '100%',
});
const chipClose = css({
  minWidth: 'touch',
  minHeight: 'touch',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'rgba(0,0,0,0.06)' },
});

/**
 * /admin/products (SPEC §2): every company's products, those on moderation
 * first and the longest waiting at the top; filtered by company (a row's
 * company narrows the list to it), status, country, product type and text,
 * the filters and page kept in the URL.
 */
export function AdminProductsPage({
  address,
  onFilters,
  onPage,
}: {
  address: ProductsAddress;
  onFilters: (change: FilterChange) => void;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const filters = filtersOf(address);
  const list = useQuery(adminProductListQuery(filters));
  const data = list.data;
  // The company chip's name: a row of that company, else the row clicked (the list may be empty with the other filters).
  const [picked, setPicked] = useState<Pick<AdminProductItem, 'supplierId' | 'supplierName'> | null>(null);
  const companyName =
    data?.items.find((item) => item.supplierId === filters.supplierId)?.supplierName ??
    (picked?.supplierId === filters.supplierId ? picked.supplierName : undefined);
  const filtered = Boolean(filters.supplierId || filters.status || filters.country || filters.productType || filters.search);

  const onSearch = useCallback((search: string) => onFilters({ search }), [onFilters]);
  const onCompany = (item: AdminProductItem) => {
    setPicked(item);
    onFilters({ supplierId: item.supplierId });
  };

  return (
    <div className={page}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'catalogueAdmin.title' })}</h1>
        {data ? (
          <span className={mutedText} data-testid="admin-products-count">
            {intl.formatMessage({ id: 'catalogueAdmin.list.count' }, { total: data.total })}
          </span>
        ) : null}
      </div>
      <div className={filterGrid} role="search" aria-label={intl.formatMessage({ id: 'catalogueAdmin.filter.label' })}>
        <SearchBox
          label={intl.formatMessage({ id: 'catalogueAdmin.filter.search' })}
          value={filters.search}
          onSearch={onSearch}
          testId="admin-products-search"
        />
        <SelectField
          label={intl.formatMessage({ id: 'catalogueAdmin.filter.status' })}
          name="status"
          value={filters.status}
          onChange={(event) => onFilters({ status: event.target.value as AdminProductFilters['status'] })}
        >
          <option value="">{intl.formatMessage({ id: 'catalogueAdmin.filter.any' })}</option>
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {intl.formatMessage({ id: PRODUCT_STATUS[status].messageId })}
            </option>
          ))}
        </SelectField>
        <ChoiceField
          label={intl.formatMessage({ id: 'catalogueAdmin.filter.country' })}
          name="country"
          value={filters.country}
          options={[
            { value: '', label: intl.formatMessage({ id: 'catalogueAdmin.filter.any' }) },
            ...COUNTRIES.map((country) => ({ value: country, label: intl.formatDisplayName(country, { type: 'region' }) ?? country })),
          ]}
          onValueChange={(country) => onFilters({ country: country as AdminProductFilters['country'] })}
          testId="admin-products-country"
        />
        <SelectField
          label={intl.formatMessage({ id: 'catalogueAdmin.filter.productType' })}
          name="productType"
          value={filters.productType}
          onChange={(event) => onFilters({ productType: event.target.value as AdminProductFilters['productType'] })}
        >
          <option value="">{intl.formatMessage({ id: 'catalogueAdmin.filter.any' })}</option>
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {intl.formatMessage({ id: productTypeLabel(type) })}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        {filters.supplierId ? (
          <span className={chip} data-testid="admin-products-company-filter">
            <span className={css({ overflowWrap: 'anywhere' })}>
              {intl.formatMessage(
                { id: 'catalogueAdmin.filter.company' },
                { name: companyName ?? intl.formatMessage({ id: 'catalogueAdmin.filter.companyUnknown' }) },
              )}
            </span>
            <button
              type="button"
              className={chipClose}
              aria-label={intl.formatMessage({ id: 'catalogueAdmin.filter.companyClear' })}
              onClick={() => onFilters({ supplierId: '' })}
            >
              ✕
            </button>
          </span>
        ) : (
          <span className={mutedText}>{intl.formatMessage({ id: 'catalogueAdmin.filter.companyHint' })}</span>
        )}
        <SavedMark updatedAt={list.dataUpdatedAt || undefined} />
      </div>
      <QueryFallback queries={[list]} />
      {data && data.items.length === 0 ? (
        <Card className={css({ alignItems: 'flex-start' })} data-testid="admin-products-empty">
          <p>{intl.formatMessage({ id: filtered ? 'catalogueAdmin.list.noMatch' : 'catalogueAdmin.list.empty' })}</p>
          {filtered ? (
            <Button tone="secondary" onClick={() => onFilters({ supplierId: '', status: '', country: '', productType: '', search: '' })}>
              {intl.formatMessage({ id: 'catalogueAdmin.filter.clear' })}
            </Button>
          ) : null}
        </Card>
      ) : null}
      {data && data.items.length > 0 ? <ProductTable items={data.items} busy={list.isPlaceholderData} onCompany={onCompany} /> : null}
      {data && data.total > data.pageSize ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={onPage}
          label={intl.formatMessage({ id: 'catalogueAdmin.pagination.label' })}
        />
      ) : null}
    </div>
  );
}
