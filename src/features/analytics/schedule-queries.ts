import type { ScheduleStatus } from '@contract/report-schedules';
import type { CreateReportScheduleBody } from '@contract/schemas/report-schedules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload } from '@/lib/query-client';
import { analyticsKeys } from './queries';

/** A company's scheduled reports (decision 098): one list; every change asks for it again. */
const scheduleKeys = (supplierId: string) => [...analyticsKeys.supplier(supplierId), 'schedules'] as const;

// The list shows its own failure; its next and last runs move with time: each opening asks again.
export const scheduleListQuery = (supplierId: string) =>
  queryOptions({
    queryKey: scheduleKeys(supplierId),
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/analytics/schedules/list', { query: { supplierId }, signal, quiet: true }),
  });

/* The route's loader (imported by the route on navigation). */
export const loadSchedules = async () => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(scheduleListQuery(supplierId));
};

const useScheduleMutation = <Body extends { supplierId: string }>(call: (json: Body) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    networkMode: 'always',
    onSuccess: async (_answer, { supplierId }: Body) => {
      await queryClient.invalidateQueries({ queryKey: scheduleKeys(supplierId) });
    },
  });
};

export const useCreateSchedule = () =>
  useScheduleMutation((json: CreateReportScheduleBody) => post('/api/front/analytics/schedules/create', { json, quiet: true }));
export const useSetScheduleStatus = () =>
  useScheduleMutation((json: { supplierId: string; scheduleId: string; status: ScheduleStatus }) =>
    post('/api/front/analytics/schedules/status', { json, quiet: true }),
  );
export const useDeleteSchedule = () =>
  useScheduleMutation((json: { supplierId: string; scheduleId: string }) =>
    post('/api/front/analytics/schedules/delete', { json, quiet: true }),
  );
