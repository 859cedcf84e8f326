import { createFileRoute } from '@tanstack/react-router';
import { AdminHomePage } from '@/features/moderation/home-page';

export const Route = createFileRoute('/admin/')({
  staticData: { titleId: 'title.admin', access: { can: 'moderate' }, menu: 'adminHome' },
  loader: () => import('@/features/moderation/queries').then((queries) => queries.loadWaiting()),
  component: AdminHomePage,
});
