import * as v from 'valibot';
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from '../api-keys';
import { oneOf, requiredText } from './fields';
import { supplierId } from './redemption';

/** What the API keys screen sends (decision 093), checked alike by its form and the server. */

export const apiKeyName = requiredText(API_KEY_NAME_MAX);

/** At least one scope; each once, in the catalogue's order. */
export const apiKeyScopes = v.pipe(
  v.array(oneOf(API_KEY_SCOPES), 'API_KEY_SCOPE_REQUIRED'),
  v.maxLength(API_KEY_SCOPES.length * 2, 'TOO_MANY'),
  v.transform((list) => API_KEY_SCOPES.filter((scope) => list.includes(scope))),
  v.minLength(1, 'API_KEY_SCOPE_REQUIRED'),
);

export const apiKeyId = v.pipe(
  v.string((issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'WRONG_TYPE')),
  v.uuid('API_KEY_NOT_FOUND'),
);

export const apiKeyListQuery = v.object({ supplierId });
export const createApiKeyBody = v.object({ supplierId, name: apiKeyName, scopes: apiKeyScopes });
export const revokeApiKeyBody = v.object({ supplierId, keyId: apiKeyId });

/** The form's own fields: the company comes from the header's choice. */
export const apiKeyForm = v.object({ name: apiKeyName, scopes: apiKeyScopes });

export type CreateApiKeyBody = v.InferInput<typeof createApiKeyBody>;
export type RevokeApiKeyBody = v.InferInput<typeof revokeApiKeyBody>;
export type ApiKeyForm = v.InferInput<typeof apiKeyForm>;
