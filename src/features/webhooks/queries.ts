import type { AddWebhookBody, EditWebhookBody } from '@contract/schemas/webhooks';
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  type WebhookDeliveryList,
  type WebhookEndpointStatus,
  type WebhookEndpointView,
} from '@contract/webhooks';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload } from '@/lib/query-client';

/**
 * Query keys of a company's webhook endpoints (decision 094): the list, each endpoint, and each endpoint's delivery
 * log (one per page). A change to an endpoint names its own entries and the list.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  supplier: (supplierId: string) => [...webhookKeys.all, supplierId] as const,
  list: (supplierId: string) => [...webhookKeys.supplier(supplierId), 'list'] as const,
  detail: (supplierId: string, endpointId: string) => [...webhookKeys.supplier(supplierId), 'detail', endpointId] as const,
  deliveries: (supplierId: string, endpointId: string) => [...webhookKeys.detail(supplierId, endpointId), 'deliveries'] as const,
  deliveryPage: (supplierId: string, endpointId: string, page: number) =>
    [...webhookKeys.deliveries(supplierId, endpointId), { page }] as const,
};

/** While a delivery waits, the log asks again this often: a test event shows its answer without a reload. */
const PENDING_REFETCH_MS = 2000;

// Screens show their own failures: no toasts. Deliveries change all the time: each opening asks again.
export const webhookListQuery = (supplierId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/webhooks/list', { query: { supplierId }, signal, quiet: true }),
  });

export const webhookQuery = (supplierId: string, endpointId: string) =>
  queryOptions({
    queryKey: webhookKeys.detail(supplierId, endpointId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/webhooks/info', { query: { supplierId, endpointId }, signal, quiet: true }),
  });

export const deliveriesQuery = (supplierId: string, endpointId: string, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveryPage(supplierId, endpointId, page),
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }: { state: { data?: WebhookDeliveryList } }) =>
      state.data?.items.some((item) => item.status === 'pending') ? PENDING_REFETCH_MS : false,
    queryFn: ({ signal }) =>
      get('/api/front/webhooks/deliveries', {
        query: { supplierId, endpointId, page: String(page), pageSize: String(WEBHOOK_DELIVERY_PAGE_SIZE) },
        signal,
        quiet: true,
      }),
  });

/* Route loaders (imported by the routes on navigation). */
export const loadWebhooks = async () => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(webhookListQuery(supplierId));
};
export const loadWebhook = async (endpointId: string) => {
  const supplierId = selectedSupplierId();
  if (supplierId) await Promise.all([preload(webhookQuery(supplierId, endpointId)), preload(deliveriesQuery(supplierId, endpointId, 1))]);
};

/** A change answers the endpoint (or holds it): it is put in place, the list and the endpoint's log are asked again. */
const useEndpointMutation = <Body extends { supplierId: string }, Answer>(
  call: (json: Body) => Promise<Answer>,
  endpointOf: (answer: Answer) => WebhookEndpointView | null,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    networkMode: 'always',
    onSuccess: async (answer: Answer, { supplierId }: Body) => {
      const endpoint = endpointOf(answer);
      if (endpoint) queryClient.setQueryData(webhookKeys.detail(supplierId, endpoint.id), endpoint);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list(supplierId) });
    },
  });
};

export const useAddWebhook = () =>
  useEndpointMutation(
    (json: AddWebhookBody) => post('/api/front/webhooks/add', { json, quiet: true }),
    (answer) => answer.endpoint,
  );
export const useEditWebhook = () =>
  useEndpointMutation(
    (json: EditWebhookBody) => post('/api/front/webhooks/edit', { json, quiet: true }),
    (endpoint) => endpoint,
  );
export const useSetWebhookStatus = () =>
  useEndpointMutation(
    (json: { supplierId: string; endpointId: string; status: WebhookEndpointStatus }) =>
      post('/api/front/webhooks/status', { json, quiet: true }),
    (endpoint) => endpoint,
  );
export const useRotateSecret = () =>
  useEndpointMutation(
    (json: { supplierId: string; endpointId: string }) => post('/api/front/webhooks/rotate', { json, quiet: true }),
    (answer) => answer.endpoint,
  );
export const useDeleteWebhook = () =>
  useEndpointMutation(
    (json: { supplierId: string; endpointId: string }) => post('/api/front/webhooks/delete', { json, quiet: true }),
    () => null,
  );

/** Queues a delivery (a test event, or an event again): the endpoint's log is asked again and polls while it waits. */
const useQueueDelivery = <Body extends { supplierId: string; endpointId: string }>(call: (json: Body) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    networkMode: 'always',
    onSuccess: async (_answer, { supplierId, endpointId }: Body) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(supplierId, endpointId) });
    },
  });
};

export const useSendTestEvent = () =>
  useQueueDelivery((json: { supplierId: string; endpointId: string }) => post('/api/front/webhooks/test', { json, quiet: true }));
export const useResendDelivery = () =>
  useQueueDelivery((json: { supplierId: string; endpointId: string; deliveryId: string }) =>
    post('/api/front/webhooks/resend', { json, quiet: true }),
  );
