import type { ModerationList } from '@contract/company';
import type { RejectBody } from '@contract/schemas/company';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '@/lib/documents';
import { get, getBlob, post } from '@/lib/http';
import { preload } from '@/lib/query-client';

/** Query keys of the staff's moderation: the lists (queue and history, by page), what waits, each company under review. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  list: (address: QueueAddress) => [...moderationKeys.queue(), address] as const,
  waiting: () => [...moderationKeys.all, 'waiting'] as const,
  details: () => [...moderationKeys.all, 'detail'] as const,
  detail: (supplierId: string) => [...moderationKeys.details(), supplierId] as const,
};

/** The list /admin/companies shows, as its address says: the queue (the default) or the decided, and the page. */
export interface QueueAddress {
  status?: Exclude<ModerationList, 'moderation'>;
  page?: number;
}

export const moderationQueueQuery = (address: QueueAddress) =>
  queryOptions({
    queryKey: moderationKeys.list(address),
    // Several moderators work the same queue: each opening asks again.
    staleTime: 0,
    queryFn: ({ signal }) =>
      get('/api/admin/suppliers', {
        query: { status: address.status ?? 'moderation', ...(address.page && { page: String(address.page) }) },
        signal,
        quiet: true,
      }),
  });

/** How many companies and products wait: the moderator's home. */
export const waitingQuery = () =>
  queryOptions({
    queryKey: moderationKeys.waiting(),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/admin/suppliers/waiting', { signal, quiet: true }),
  });

export const reviewQuery = (supplierId: string) =>
  queryOptions({
    queryKey: moderationKeys.detail(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/admin/suppliers/:supplierId', { param: { supplierId }, signal, quiet: true }),
  });

/** Route loaders (imported on navigation): the queue, and a company under review. */
export const loadQueue = (address: QueueAddress) => preload(moderationQueueQuery(address));
export const loadWaiting = () => preload(waitingQuery());
export const loadReview = (supplierId: string) => preload(reviewQuery(supplierId));

export type Decision = { supplierId: string; action: 'approve' } | { supplierId: string; action: 'reject'; body: RejectBody };

/** Approves or rejects: the company leaves the queue, and its page shows the decision. */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.action === 'approve'
        ? post('/api/admin/suppliers/:supplierId/approve', { param: { supplierId: decision.supplierId }, quiet: true })
        : post('/api/admin/suppliers/:supplierId/reject', { param: { supplierId: decision.supplierId }, json: decision.body, quiet: true }),
    networkMode: 'always',
    onSuccess: async (info) => {
      queryClient.setQueryData(moderationKeys.detail(info.supplierId), info);
      await queryClient.invalidateQueries({ queryKey: moderationKeys.queue() });
      await queryClient.invalidateQueries({ queryKey: moderationKeys.waiting() });
    },
  });
}

/** The offer the company accepted, as the moderator reviews it (the same PDF its admins download). */
export async function downloadOffer(supplierId: string, fileName: string): Promise<void> {
  saveFile(await getBlob('/api/admin/suppliers/:supplierId/offer', { param: { supplierId } }), fileName);
}
