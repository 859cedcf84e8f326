import type { CreateApiKeyBody, RevokeApiKeyBody } from '@contract/schemas/api-keys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload } from '@/lib/query-client';

/** Query keys of a company's API keys (decision 093): one list per company. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (supplierId: string) => [...apiKeyKeys.all, supplierId, 'list'] as const,
};

// "Last used" moves with every register's call: each opening asks again. The screen shows its own failures.
export const apiKeyListQuery = (supplierId: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/integrations/keys/list', { query: { supplierId }, signal, quiet: true }),
  });

/* The route's loader (imported by the route on navigation). */
export const loadApiKeys = async () => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(apiKeyListQuery(supplierId));
};

/**
 * A change asks the company's list again. The created key's secret stays in the mutation's answer, which the screen
 * shows once: it is never put in the query cache, which is saved on the device (decision 031).
 */
const useApiKeyMutation = <Body extends { supplierId: string }, Answer>(call: (json: Body) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    networkMode: 'always',
    onSuccess: (_answer: Answer, { supplierId }: Body) => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(supplierId) }),
  });
};

export const useCreateApiKey = () =>
  useApiKeyMutation((json: CreateApiKeyBody) => post('/api/front/integrations/keys/create', { json, quiet: true }));
export const useRevokeApiKey = () =>
  useApiKeyMutation((json: RevokeApiKeyBody) => post('/api/front/integrations/keys/revoke', { json, quiet: true }));
