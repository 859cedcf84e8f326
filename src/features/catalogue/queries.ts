import { CATALOGUE_PAGE_SIZE, PRODUCT_STATUSES, type ProductDetails, type ProductStatus } from '@contract/catalogue';
import type { createProductBody, productBody, saveStepBody } from '@contract/schemas/catalogue';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { get, post } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload } from '@/lib/query-client';

/**
 * Query keys of a company's catalogue (decision 055): its lists (one per
 * filter, search and page) and each product's details. A change to a product
 * names exactly those two: the product, and the company's lists (whose rows
 * show its name, status and denominations).
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  supplier: (supplierId: string) => [...catalogueKeys.all, supplierId] as const,
  lists: (supplierId: string) => [...catalogueKeys.supplier(supplierId), 'list'] as const,
  list: (supplierId: string, filters: CatalogueFilters) => [...catalogueKeys.lists(supplierId), filters] as const,
  products: (supplierId: string) => [...catalogueKeys.supplier(supplierId), 'product'] as const,
  product: (supplierId: string, productId: string) => [...catalogueKeys.products(supplierId), productId] as const,
};

/** What the list shows: the URL's status filter, search and page. */
export interface CatalogueFilters {
  status: ProductStatus | '';
  search: string;
  page: number;
}

/** A status typed into the address, kept only when it is one (the route reads it as text: its tree loads on every page). */
export const statusFilter = (status: string | undefined): ProductStatus | '' => PRODUCT_STATUSES.find((known) => known === status) ?? '';

/*
 * Screens show their own failures (in the page, the form, the dialog): no toasts. A moderator decides and other
 * admins edit the same products: each opening asks again, showing what the (saved) cache holds meanwhile.
 */
export const catalogueListQuery = (supplierId: string, { status, search, page }: CatalogueFilters) =>
  queryOptions({
    queryKey: catalogueKeys.list(supplierId, { status, search, page }),
    staleTime: 0,
    // Filtering, typing in the search box or paging keeps the rows on screen until the next answer replaces them.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      get('/api/front/supplier/catalogue/list', {
        query: {
          supplierId,
          status: status || undefined,
          search: search || undefined,
          page: String(page),
          pageSize: String(CATALOGUE_PAGE_SIZE),
        },
        signal,
        quiet: true,
      }),
  });

export const productQuery = (supplierId: string, productId: string) =>
  queryOptions({
    queryKey: catalogueKeys.product(supplierId, productId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/supplier/catalogue/info', { query: { supplierId, productId }, signal, quiet: true }),
  });

/*
 * Route loaders (imported by the routes on navigation, so none of this rides in the route tree every page loads).
 */
export const loadCatalogue = async (filters: CatalogueFilters) => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(catalogueListQuery(supplierId, filters));
};
export const loadProduct = async (productId: string | undefined) => {
  const supplierId = selectedSupplierId();
  if (supplierId && productId) await preload(productQuery(supplierId, productId));
};

/**
 * Every change answers the product's details: those are put in place, and the
 * company's lists are asked again. Nothing else moves. The images step (its
 * upload, order and delete calls answer the same details) uses it too.
 */
export const storeProduct = async (queryClient: QueryClient, product: ProductDetails): Promise<void> => {
  queryClient.setQueryData(catalogueKeys.product(product.supplierId, product.id), product);
  await queryClient.invalidateQueries({ queryKey: catalogueKeys.lists(product.supplierId) });
};

const useProductMutation = <Body>(call: (json: Body) => Promise<ProductDetails>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, networkMode: 'always', onSuccess: (product) => storeProduct(queryClient, product) });
};

export type CreateProductBody = v.InferInput<typeof createProductBody>;
export type SaveStepBody = v.InferInput<typeof saveStepBody>;
export type ProductBody = v.InferInput<typeof productBody>;

/** Step 1 of a new product: a draft with its characteristics. */
export const useCreateProduct = () =>
  useProductMutation((json: CreateProductBody) => post('/api/front/supplier/catalogue/create', { json, quiet: true }));

/** One step of the working copy (an approved product becomes a draft again; its live copy keeps selling). */
export const useSaveStep = () =>
  useProductMutation((json: SaveStepBody) => post('/api/front/supplier/catalogue/save', { json, quiet: true }));

/** A complete product goes to moderation. */
export const useSubmitProduct = () =>
  useProductMutation((json: ProductBody) => post('/api/front/supplier/catalogue/submit', { json, quiet: true }));

/** A product never on sale is deleted: its page is gone, and the company's lists are asked again. */
export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: ProductBody) => post('/api/front/supplier/catalogue/delete', { json, quiet: true }),
    networkMode: 'always',
    onSuccess: async (_answer, { supplierId, productId }) => {
      queryClient.removeQueries({ queryKey: catalogueKeys.product(supplierId, productId) });
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.lists(supplierId) });
    },
  });
};
