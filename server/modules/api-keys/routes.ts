import { apiKeyListQuery, createApiKeyBody, revokeApiKeyBody } from '@contract/schemas/api-keys';
import type { Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import * as service from './service';

const tag = 'api-keys';

/** The selected company's API keys, for its admins (decision 093): under /api/front/integrations/keys. */
export const apiKeyRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/list',
      describe({ tag, can: 'manageIntegrations', summary: "The company's active API keys, newest first: prefix, scopes, creator, times" }),
      validate('query', apiKeyListQuery),
      async (c) => c.json({ data: await service.listKeys(deps, c.var.auth, c.req.valid('query')) }),
    )
    .post(
      '/create',
      describe({
        tag,
        can: 'manageIntegrations',
        summary: 'Create an API key with a name and scopes; the answer holds the whole key, shown this once',
      }),
      validate('json', createApiKeyBody),
      async (c) => c.json({ data: await service.createKey(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/revoke',
      describe({ tag, can: 'manageIntegrations', summary: 'Revoke an API key: its next call is refused' }),
      validate('json', revokeApiKeyBody),
      async (c) => c.json({ data: await service.revokeKey(deps, c.var.auth, c.req.valid('json')) }),
    );
