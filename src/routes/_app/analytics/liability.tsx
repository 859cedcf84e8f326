import { createFileRoute } from '@tanstack/react-router';
import { LiabilityPage } from '@/features/analytics/liability-page';
import { ACCOUNTS_ACCESS } from './-search';

/** /analytics/liability (decision 056): what the selected company still owes, for admins and accountants. */
export const Route = createFileRoute('/_app/analytics/liability')({
  loader: () => import('@/features/analytics/queries').then((queries) => queries.loadLiability()),
  staticData: {
    titleId: 'analytics.liability.title',
    access: ACCOUNTS_ACCESS,
    menu: 'analyticsLiability',
  },
  component: LiabilityPage,
});
