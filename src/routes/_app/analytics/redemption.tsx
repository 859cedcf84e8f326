import { createFileRoute, useSearch } from '@tanstack/react-router';
import { RedemptionReportPage } from '@/features/analytics/redemption-page';
import { reportSearch } from './-search';

/** SPEC §2 /analytics/redemption: the selected company's redemptions, for every role (SPEC §6). */
export const Route = createFileRoute('/_app/analytics/redemption')({
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => search,
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: ({ deps, cause }) => import('@/features/analytics/queries').then((queries) => queries.loadRedemption(deps, cause)),
  staticData: {
    titleId: 'analytics.redemption.title',
    access: { can: 'readRedemptions', company: true },
    menu: 'analyticsRedemption',
  },
  component: RedemptionReportRoute,
});

function RedemptionReportRoute() {
  return <RedemptionReportPage search={useSearch({ from: '/_app/analytics/redemption' })} />;
}
