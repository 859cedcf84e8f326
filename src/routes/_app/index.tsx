import { createFileRoute, redirect } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { currentViewer } from '@/lib/access';
import { endArrival, tillOnly } from '@/lib/landing';

export const Route = createFileRoute('/_app/')({
  staticData: { titleId: 'title.dashboard', access: 'signedIn', menu: 'dashboard' },
  // The root guard has loaded the account by now; redirecting here shows no dashboard first (decision 066).
  beforeLoad: ({ preload }) => {
    if (!preload && endArrival() && tillOnly(currentViewer())) throw redirect({ to: '/redemption', replace: true });
  },
  component: DashboardPage,
});
