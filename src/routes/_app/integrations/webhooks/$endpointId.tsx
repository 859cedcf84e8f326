import { createFileRoute, useParams } from '@tanstack/react-router';
import { EndpointPage } from '@/features/webhooks/endpoint-page';

/** Decision 094: one webhook endpoint of the selected company — its state, events, secret and delivery log. */
export const Route = createFileRoute('/_app/integrations/webhooks/$endpointId')({
  loader: ({ params }) => import('@/features/webhooks/queries').then((queries) => queries.loadWebhook(params.endpointId)),
  staticData: { titleId: 'webhooks.details.title', access: { can: 'manageIntegrations', company: true } },
  component: EndpointRoute,
});

function EndpointRoute() {
  const { endpointId } = useParams({ from: '/_app/integrations/webhooks/$endpointId' });
  return <EndpointPage endpointId={endpointId} />;
}
