import { queryOptions } from '@tanstack/react-query';
import { get } from '@/lib/http';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (supplierId: string) => [...dashboardKeys.all, supplierId] as const,
};

/** The selected company's figures for the signed-in person's roles; asked again at each visit (redemptions come all day). */
export const dashboardFiguresQuery = (supplierId: string) =>
  queryOptions({
    queryKey: dashboardKeys.figures(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/analytics/dashboard', { query: { supplierId }, signal, quiet: true }),
  });

/** Invitations waiting for the signed-in person's answer (decision 074): asked at each visit. */
export const myInvitationsQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'invitations'] as const,
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/user/invitations/list', { signal, quiet: true }),
  });
