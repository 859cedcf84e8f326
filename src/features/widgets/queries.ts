import type { AddWidgetBody, EditWidgetBody, WidgetStatusBody } from '@contract/schemas/widgets';
import { WIDGET_PAGE_SIZE, type WidgetView } from '@contract/widgets';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload } from '@/lib/query-client';

/**
 * Query keys of a company's widgets: its lists (one per page), each widget, and the certificates a widget may sell.
 * A change to a widget names its own entry and the lists (whose rows show it).
 */
export const widgetKeys = {
  all: ['widgets'] as const,
  supplier: (supplierId: string) => [...widgetKeys.all, supplierId] as const,
  lists: (supplierId: string) => [...widgetKeys.supplier(supplierId), 'list'] as const,
  list: (supplierId: string, page: number) => [...widgetKeys.lists(supplierId), { page }] as const,
  detail: (supplierId: string, widgetId: string) => [...widgetKeys.supplier(supplierId), 'detail', widgetId] as const,
  products: (supplierId: string) => [...widgetKeys.supplier(supplierId), 'products'] as const,
};

// Screens show their own failures: no toasts. Views and clicks move all the time: each opening asks again.
export const widgetListQuery = (supplierId: string, page: number) =>
  queryOptions({
    queryKey: widgetKeys.list(supplierId, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      get('/api/front/widgets/list', {
        query: { supplierId, page: String(page), pageSize: String(WIDGET_PAGE_SIZE) },
        signal,
        quiet: true,
      }),
  });

export const widgetQuery = (supplierId: string, widgetId: string) =>
  queryOptions({
    queryKey: widgetKeys.detail(supplierId, widgetId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/widgets/info', { query: { supplierId, widgetId }, signal, quiet: true }),
  });

export const widgetProductsQuery = (supplierId: string) =>
  queryOptions({
    queryKey: widgetKeys.products(supplierId),
    queryFn: ({ signal }) => get('/api/front/widgets/products', { query: { supplierId }, signal, quiet: true }),
  });

/* Route loaders (imported by the routes on navigation). */
export const loadWidgets = async (page: number) => {
  const supplierId = selectedSupplierId();
  if (supplierId) await Promise.all([preload(widgetListQuery(supplierId, page)), preload(widgetProductsQuery(supplierId))]);
};
export const loadWidgetForm = async () => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(widgetProductsQuery(supplierId));
};
export const loadWidget = async (widgetId: string) => {
  const supplierId = selectedSupplierId();
  if (supplierId) await Promise.all([preload(widgetQuery(supplierId, widgetId)), preload(widgetProductsQuery(supplierId))]);
};

/** Every change answers the widget: it is put in place and the company's lists are asked again. */
const useWidgetMutation = <Body extends { supplierId: string }>(call: (json: Body) => Promise<WidgetView>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    networkMode: 'always',
    onSuccess: async (widget: WidgetView, { supplierId }: Body) => {
      queryClient.setQueryData(widgetKeys.detail(supplierId, widget.id), widget);
      await queryClient.invalidateQueries({ queryKey: widgetKeys.lists(supplierId) });
    },
  });
};

export const useAddWidget = () => useWidgetMutation((json: AddWidgetBody) => post('/api/front/widgets/add', { json, quiet: true }));
export const useEditWidget = () => useWidgetMutation((json: EditWidgetBody) => post('/api/front/widgets/edit', { json, quiet: true }));
export const useSetWidgetStatus = () =>
  useWidgetMutation((json: WidgetStatusBody) => post('/api/front/widgets/status', { json, quiet: true }));
