import { createFileRoute } from '@tanstack/react-router';
import { ModerationQueuePage } from '@/features/moderation/queue-page';

/** The moderation queue of companies (issue 10), for marketplace staff. */
export const Route = createFileRoute('/admin/companies/')({
  staticData: { titleId: 'moderation.title', access: { can: 'moderate' }, menu: 'adminCompanies' },
  loader: () => import('@/features/moderation/queries').then((queries) => queries.loadQueue()),
  component: ModerationQueuePage,
});
