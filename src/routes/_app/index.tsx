import { createFileRoute, redirect } from '@tanstack/react-router';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { currentViewer } from '@/lib/access';
import { endArrival, tillOnly } from '@/lib/landing';
import { includeMessages } from '@/lib/locale';

export const Route = createFileRoute('/_app/')({
  // The desktop texts wait for the redirect below: a till-only person arriving here goes on to the till without them.
  staticData: { titleId: 'title.dashboard', access: 'signedIn', menu: 'dashboard', messages: 'portal' },
  // The root guard has loaded the account by now; redirecting here shows no dashboard first (decision 066).
  beforeLoad: ({ preload }) => {
    if (!preload && endArrival() && tillOnly(currentViewer())) throw redirect({ to: '/redemption', replace: true });
    return includeMessages();
  },
  component: DashboardPage,
});
