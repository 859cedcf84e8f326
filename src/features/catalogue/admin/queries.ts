import {
  CATALOGUE_PAGE_SIZE,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type ProductDetails,
  type ProductStatus,
  type ProductType,
} from '@contract/catalogue';
import { COUNTRIES } from '@contract/company';
import type { Country } from '@contract/enums';
import type { AdminSave } from '@contract/schemas/catalogue';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, HttpError, post } from '@/lib/http';
import { preload } from '@/lib/query-client';

/**
 * Query keys of the staff's product moderation (decision 055): the lists (one
 * per filter and page) and each product. A change to a product answers the
 * product: it is put in place, and the lists (whose rows show its status,
 * name and activity) are asked again. Nothing else moves.
 */
export const adminProductKeys = {
  all: ['adminProducts'] as const,
  lists: () => [...adminProductKeys.all, 'list'] as const,
  list: (filters: AdminProductFilters) => [...adminProductKeys.lists(), filters] as const,
  details: () => [...adminProductKeys.all, 'detail'] as const,
  detail: (productId: string) => [...adminProductKeys.details(), productId] as const,
};

/** What the list shows: the URL's filters and page ('' is "any"). */
export interface AdminProductFilters {
  supplierId: string;
  status: ProductStatus | '';
  country: Country | '';
  productType: ProductType | '';
  search: string;
  page: number;
}

/** The list's address as the route reads it: text, each left out when not set. */
export interface ProductsAddress {
  supplierId?: string;
  status?: string;
  country?: string;
  productType?: string;
  /** Words of a product's name, its company's name or tax id. */
  search?: string;
  page?: number;
}

/** The product filters the URL holds; the page number goes back to 1 whenever one changes. */
export type FilterChange = Partial<Omit<AdminProductFilters, 'page'>>;

/** The address after a filter changed: '' clears it, and the list starts again at page 1. */
export const withFilters = (previous: ProductsAddress, change: FilterChange): ProductsAddress => {
  const next: ProductsAddress = { ...previous, page: undefined };
  for (const [key, value] of Object.entries(change)) Object.assign(next, { [key]: value || undefined });
  return next;
};

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | '' => values.find((known) => known === value) ?? '';
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** A hand-edited address keeps what makes sense and drops the rest. */
export const filtersOf = (address: ProductsAddress): AdminProductFilters => ({
  supplierId: address.supplierId && UUID.test(address.supplierId) ? address.supplierId : '',
  status: oneOf(PRODUCT_STATUSES, address.status),
  country: oneOf(COUNTRIES, address.country),
  productType: oneOf(PRODUCT_TYPES, address.productType),
  search: address.search?.trim() ?? '',
  page: address.page ?? 1,
});

/* Screens show their own failures (the page, the form, the panel): no toasts. Several moderators work the same
 * products: each opening asks again, showing what the (saved) cache holds meanwhile. */
export const adminProductListQuery = (filters: AdminProductFilters) =>
  queryOptions({
    queryKey: adminProductKeys.list(filters),
    staleTime: 0,
    // Changing a filter or the page keeps the rows on screen until the next answer replaces them.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      get('/api/admin/products', {
        query: {
          supplierId: filters.supplierId || undefined,
          status: filters.status || undefined,
          country: filters.country || undefined,
          productType: filters.productType || undefined,
          search: filters.search || undefined,
          page: String(filters.page),
          pageSize: String(CATALOGUE_PAGE_SIZE),
        },
        signal,
        quiet: true,
      }),
  });

export const adminProductQuery = (productId: string) =>
  queryOptions({
    queryKey: adminProductKeys.detail(productId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/admin/products/:productId', { param: { productId }, signal, quiet: true }),
  });

/** Route loaders (imported on navigation): a page of the list, and a product with its sub-pages. */
export const loadAdminProducts = (filters: AdminProductFilters) => preload(adminProductListQuery(filters));
export const loadAdminProduct = (productId: string) => preload(adminProductQuery(productId));

/**
 * Every change answers the product: it replaces the cached one, and the lists are asked again. A decision refused
 * as out of date (409: another moderator decided, the company changed it) asks for the product again, so the panel
 * offers what its status now allows.
 */
function useProductMutation<Input>(
  productId: string,
  call: (input: Input) => Promise<ProductDetails>,
  { refreshOnConflict = false }: { refreshOnConflict?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    networkMode: 'always',
    onSuccess: async (product: ProductDetails) => {
      queryClient.setQueryData(adminProductKeys.detail(productId), product);
      await queryClient.invalidateQueries({ queryKey: adminProductKeys.lists() });
    },
    onError: async (error) => {
      if (refreshOnConflict && error instanceof HttpError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: adminProductKeys.detail(productId) });
    },
  });
}

/**
 * Saves one step of the working copy, or the admin fields. A staff edit of an
 * approved product goes live at once (the server's applyEdit).
 */
export const useSaveProduct = (productId: string) =>
  useProductMutation(productId, (json: AdminSave) =>
    post('/api/admin/products/:productId/save', { param: { productId }, json, quiet: true }),
  );

export interface Decision {
  decision: 'approve' | 'reject';
  comment: string;
}

/** Approves (the working copy goes live) or sends back with a comment; the company's admins get the decision by mail. */
export const useFinishModeration = (productId: string) =>
  useProductMutation(
    productId,
    (json: Decision) => post('/api/admin/products/:productId/finish', { param: { productId }, json, quiet: true }),
    { refreshOnConflict: true },
  );

/** Puts an approved or sent-back working copy back on moderation; the live copy stays on sale. */
export const useResetModeration = (productId: string) =>
  useProductMutation(productId, () => post('/api/admin/products/:productId/reset', { param: { productId }, quiet: true }), {
    refreshOnConflict: true,
  });
