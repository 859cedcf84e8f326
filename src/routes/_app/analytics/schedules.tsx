import { createFileRoute, useSearch } from '@tanstack/react-router';
import { SchedulesPage } from '@/features/analytics/schedules-page';

/** /analytics/schedules (decision 098): the selected company's scheduled reports, for its admins and accountants. */
export const Route = createFileRoute('/_app/analytics/schedules')({
  // `?report=sales`: a report page's "Schedule" link opens the form with that report. Narrowed on the page: the route
  // tree every page loads (/login's too) carries no contract lists.
  validateSearch: (search: Record<string, unknown>): { report?: string } =>
    typeof search.report === 'string' ? { report: search.report } : {},
  loader: () => import('@/features/analytics/schedule-queries').then((queries) => queries.loadSchedules()),
  staticData: { titleId: 'schedules.title', access: { can: 'readLiability', company: true }, menu: 'analyticsSchedules' },
  component: SchedulesRoute,
});

function SchedulesRoute() {
  // By the route's id, not `Route`: naming `Route` here would put the route's definition in a chunk of its own.
  const { report } = useSearch({ from: '/_app/analytics/schedules' });
  return <SchedulesPage report={report} />;
}
