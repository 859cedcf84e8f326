import { USER_PAGE_SIZE, type AddUserBody, type BlockBody, type SetRolesBody } from '@contract/schemas/users';
import type { MemberDetails } from '@contract/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { get, post } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload } from '@/lib/query-client';

/**
 * Query keys of a company's people, per company: its lists (one per search and
 * page) and each person's details. A change to a person names exactly those.
 */
export const userKeys = {
  all: ['users'] as const,
  supplier: (supplierId: string) => [...userKeys.all, supplierId] as const,
  lists: (supplierId: string) => [...userKeys.supplier(supplierId), 'list'] as const,
  list: (supplierId: string, search: string, page: number) => [...userKeys.lists(supplierId), { search, page }] as const,
  details: (supplierId: string) => [...userKeys.supplier(supplierId), 'detail'] as const,
  detail: (supplierId: string, userId: string) => [...userKeys.details(supplierId), userId] as const,
};

/** What the list shows: the URL's search and page. */
export interface MemberListParams {
  search: string;
  page: number;
}

/*
 * Screens show their own failures (in the page, the form, the dialog): no toasts. Other admins change the same
 * people: each opening asks again, showing what the (saved) cache holds meanwhile.
 */
export const memberListQuery = (supplierId: string, { search, page }: MemberListParams) =>
  queryOptions({
    queryKey: userKeys.list(supplierId, search, page),
    staleTime: 0,
    // Typing in the search box or paging keeps the rows on screen until the next answer replaces them.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      get('/api/front/supplier/users/list', {
        query: { supplierId, search: search || undefined, page: String(page), pageSize: String(USER_PAGE_SIZE) },
        signal,
        quiet: true,
      }),
  });

export const memberQuery = (supplierId: string, userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(supplierId, userId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/supplier/users/info', { query: { supplierId, userId }, signal, quiet: true }),
  });

/*
 * Route loaders (imported by the routes on navigation, so none of this rides in the route tree every page loads).
 */
export const loadMembers = async (params: MemberListParams) => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(memberListQuery(supplierId, params));
};
export const loadMember = async (userId: string) => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(memberQuery(supplierId, userId));
};

/**
 * Every change answers the person's details: those are put in place, and the company's lists (whose rows show
 * roles and status) are asked again. Nothing else moves.
 */
export const memberMutation = <Body extends { supplierId: string }>(
  queryClient: QueryClient,
  call: (json: Body) => Promise<MemberDetails>,
) => ({
  mutationFn: call,
  networkMode: 'always' as const,
  onSuccess: async (member: MemberDetails, { supplierId }: Body) => {
    queryClient.setQueryData(userKeys.detail(supplierId, member.id), member);
    await queryClient.invalidateQueries({ queryKey: userKeys.lists(supplierId) });
  },
});

const useMemberMutation = <Body extends { supplierId: string }>(call: (json: Body) => Promise<MemberDetails>) =>
  useMutation(memberMutation(useQueryClient(), call));

/** Every address is invited by mail; the person joins by accepting (decision 074). */
export const useAddMember = () => useMemberMutation((json: AddUserBody) => post('/api/front/supplier/users/add', { json, quiet: true }));

export const useSetRoles = () => useMemberMutation((json: SetRolesBody) => post('/api/front/supplier/users/roles', { json, quiet: true }));

export const useBlockMember = () => useMemberMutation((json: BlockBody) => post('/api/front/supplier/users/block', { json, quiet: true }));

interface MemberBody {
  supplierId: string;
  userId: string;
}

export const useUnblockMember = () =>
  useMemberMutation((json: MemberBody) => post('/api/front/supplier/users/unblock', { json, quiet: true }));

/** A new link (the old one stops working) and a new expiry. */
export const useResendInvitation = () =>
  useMemberMutation((json: MemberBody) => post('/api/front/supplier/users/resend-invitation', { json, quiet: true }));

/** The invitation is gone, and with it the person's page: the lists are asked again. */
export const useWithdrawInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: MemberBody) => post('/api/front/supplier/users/withdraw-invitation', { json, quiet: true }),
    networkMode: 'always',
    onSuccess: async (_answer, { supplierId, userId }) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(supplierId, userId) });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(supplierId) });
    },
  });
};
