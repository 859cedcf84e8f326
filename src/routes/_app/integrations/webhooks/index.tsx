import { createFileRoute } from '@tanstack/react-router';
import { WebhooksPage } from '@/features/webhooks/webhooks-page';

/** Decision 094: the selected company's webhook endpoints, for its admins. */
export const Route = createFileRoute('/_app/integrations/webhooks/')({
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: () => import('@/features/webhooks/queries').then((queries) => queries.loadWebhooks()),
  staticData: { titleId: 'webhooks.title', access: { can: 'manageIntegrations', company: true }, menu: 'webhooks' },
  component: WebhooksPage,
});
