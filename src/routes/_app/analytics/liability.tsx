import { createFileRoute } from '@tanstack/react-router';
import { LiabilityPage } from '@/features/analytics/liability-page';

/** /analytics/liability (decision 056): what the selected company still owes, for admins and accountants. */
export const Route = createFileRoute('/_app/analytics/liability')({
  loader: () => import('@/features/analytics/queries').then((queries) => queries.loadLiability()),
  staticData: {
    titleId: 'analytics.liability.title',
    access: { can: 'readLiability', company: true },
    menu: 'analyticsLiability',
  },
  component: LiabilityPage,
});
