import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv, Deps } from '../../server/deps';
import { describe as describeOperation } from '../../server/http/validate';
import { requireToken, signedInRoutes } from '../../server/modules/auth';
import { authenticate } from '../../server/modules/auth/tokens';
import { collectOperations } from '../../server/modules/openapi/document';

/**
 * Auth by construction (decision 084): routers for signed-in people start from `signedInRoutes`, which authenticates a
 * request once however they are nested, and the OpenAPI document reads an operation's security from the
 * authenticating middleware that runs before it. The token's check is stubbed: only what these two add is tested here.
 */
vi.mock('../../server/modules/auth/tokens', () => ({
  authenticate: vi.fn(() => Promise.resolve({ userId: 'u1', sessionId: 's1' })),
  verifyAccessToken: vi.fn(() => ({ userId: 'u1', sessionId: 's1' })),
}));

const deps = {} as Deps;
const bearer = { headers: { authorization: 'Bearer token' } };

beforeEach(() => vi.mocked(authenticate).mockClear());

describe('signedInRoutes', () => {
  it('authenticates a request once when one signed-in router is mounted inside another', async () => {
    const people = signedInRoutes(deps).get('/list', (c) => c.json(c.var.auth));
    const app = new Hono<AppEnv>().route('/supplier', signedInRoutes(deps).route('/users', people));
    const response = await app.request('/supplier/users/list', bearer);
    expect(await response.json()).toEqual({ userId: 'u1', sessionId: 's1' });
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it('authenticates a router mounted on its own', async () => {
    const app = new Hono<AppEnv>().route(
      '/users',
      signedInRoutes(deps).get('/list', (c) => c.json(c.var.auth)),
    );
    expect(await (await app.request('/users/list', bearer)).json()).toEqual({ userId: 'u1', sessionId: 's1' });
    expect(authenticate).toHaveBeenCalledTimes(1);
  });
});

describe("an operation's security in the OpenAPI document", () => {
  const doc = { tag: 'test', summary: 'An operation' };
  const api = new Hono<AppEnv>()
    .get('/open', describeOperation(doc), (c) => c.text('ok'))
    .route(
      '/people',
      signedInRoutes(deps).get('/', describeOperation(doc), (c) => c.text('ok')),
    )
    .route(
      '/till',
      new Hono<AppEnv>()
        .post('/check', describeOperation(doc), requireToken(deps), (c) => c.text('ok'))
        .get('/settings', describeOperation(doc), (c) => c.text('ok'))
        // Registered after the settings' handler: a request for them never meets it.
        .use(requireToken(deps)),
    );
  const security = Object.fromEntries(collectOperations(api, '/api').map((operation) => [operation.path, operation.auth]));

  it('is the scheme of the authenticating middleware registered before the handler, for its method and path', () => {
    expect(security).toEqual({
      '/api/open': undefined,
      '/api/people': 'bearer',
      '/api/till/check': 'bearer',
      '/api/till/settings': undefined,
    });
  });
});
