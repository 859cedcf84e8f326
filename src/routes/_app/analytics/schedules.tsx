import { REPORTS, type Report } from '@contract/analytics';
import { createFileRoute } from '@tanstack/react-router';
import { SchedulesPage } from '@/features/analytics/schedules-page';

/** /analytics/schedules (decision 098): the selected company's scheduled reports, for its admins and accountants. */
export const Route = createFileRoute('/_app/analytics/schedules')({
  // `?report=sales`: a report page's "Schedule" link opens the form with that report.
  validateSearch: (search: Record<string, unknown>): { report?: Report } =>
    REPORTS.includes(search.report as Report) ? { report: search.report as Report } : {},
  loader: () => import('@/features/analytics/schedule-queries').then((queries) => queries.loadSchedules()),
  staticData: { titleId: 'schedules.title', access: { can: 'readLiability', company: true }, menu: 'analyticsSchedules' },
  component: SchedulesRoute,
});

function SchedulesRoute() {
  const { report } = Route.useSearch();
  return <SchedulesPage report={report} />;
}
