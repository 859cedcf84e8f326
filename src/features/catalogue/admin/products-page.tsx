import { PRODUCT_TYPES, type AdminProductItem } from '@contract/catalogue';
import { COUNTRIES } from '@contract/company';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { mutedText } from '@/ui/layout';
import { PagedList } from '@/ui/paged-list';
import { ChoiceField } from '@/ui/select';
import { SelectField } from '@/ui/select-field';
import { ProductStatusOptions } from '../status-badge';
import { productTypeLabel } from './labels';
import { PRODUCT_COLUMNS, ProductRow } from './product-table';
import { adminProductListQuery, filtersOf, type AdminProductFilters, type FilterChange, type ProductsAddress } from './queries';

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
  alignSelf: 'flex-start',
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
export function AdminProductsPage({ address, onFilters }: { address: ProductsAddress; onFilters: (change: FilterChange) => void }) {
  const intl = useIntl();
  const filters = filtersOf(address);
  const list = useQuery(adminProductListQuery(filters));
  const data = list.data;
  // The company chip's name: a row of that company, else the row clicked (the list may be empty with the other filters).
  const [picked, setPicked] = useState<Pick<AdminProductItem, 'supplierId' | 'supplierName'> | null>(null);
  const companyName =
    data?.items.find((item) => item.supplierId === filters.supplierId)?.supplierName ??
    (picked?.supplierId === filters.supplierId ? picked.supplierName : undefined);
  const onCompany = (item: AdminProductItem) => {
    setPicked(item);
    onFilters({ supplierId: item.supplierId });
  };

  return (
    <PagedList
      query={list}
      testId="admin-products"
      title="catalogueAdmin.title"
      count="catalogueAdmin.list.count"
      width="wide"
      search={{ value: filters.search, label: 'catalogueAdmin.filter.search' }}
      filters={(searchBox) => (
        <>
          <div className={filterGrid} role="search" aria-label={intl.formatMessage({ id: 'catalogueAdmin.filter.label' })}>
            {searchBox}
            <SelectField
              label={intl.formatMessage({ id: 'catalogueAdmin.filter.status' })}
              name="status"
              value={filters.status}
              onChange={(event) => onFilters({ status: event.target.value as AdminProductFilters['status'] })}
            >
              <ProductStatusOptions any="catalogueAdmin.filter.any" />
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
        </>
      )}
      empty="catalogueAdmin.list.empty"
      noMatch={{
        message: 'catalogueAdmin.list.noMatch',
        clear: 'catalogueAdmin.filter.clear',
        active: Boolean(filters.supplierId || filters.status || filters.country || filters.productType),
        onClear: () => onFilters({ supplierId: '', status: '', country: '', productType: '', search: '' }),
      }}
      columns={PRODUCT_COLUMNS}
      tableFrom="lg"
      row={(item) => <ProductRow key={item.id} item={item} onCompany={onCompany} />}
      rowsTestId="admin-products-table"
      pagesLabel="catalogueAdmin.pagination.label"
    />
  );
}
