import { createFileRoute, useSearch } from '@tanstack/react-router';
import type { QueueAddress } from '@/features/moderation/queries';
import { ModerationQueuePage } from '@/features/moderation/queue-page';
import { pageOf } from '@/routes/-search';

/** `?status=decided` shows the decisions made (issue 35); the queue is the default, left out of the address. */
const queueSearch = ({ status, page }: Record<string, unknown>): QueueAddress => ({
  status: status === 'decided' ? 'decided' : undefined,
  page: pageOf(page),
});

/** The moderation of companies (issue 10): the queue, and the history of decisions, for marketplace staff. */
export const Route = createFileRoute('/admin/companies/')({
  validateSearch: queueSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => import('@/features/moderation/queries').then((queries) => queries.loadQueue(deps)),
  staticData: { titleId: 'moderation.title', access: { can: 'moderate' }, menu: 'adminCompanies' },
  component: QueueRoute,
});

function QueueRoute() {
  return <ModerationQueuePage address={useSearch({ from: '/admin/companies/' })} />;
}
