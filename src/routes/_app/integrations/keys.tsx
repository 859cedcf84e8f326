import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysPage } from '@/features/api-keys/keys-page';

/** Issue 32: the selected company's API keys for its own registers and systems, for its admins (decision 093). */
export const Route = createFileRoute('/_app/integrations/keys')({
  // Loaders import their queries on navigation: the route tree that every page loads first stays small.
  loader: () => import('@/features/api-keys/queries').then((queries) => queries.loadApiKeys()),
  staticData: { titleId: 'apiKeys.title', access: { can: 'manageIntegrations', company: true }, menu: 'integrationsKeys' },
  component: ApiKeysPage,
});
