/**
 * A company's API keys (decision 093): the admins' routes, and the middleware and router factory the register API
 * is built on, which read the key on every call.
 */
export { apiKeyRoutes } from './routes';
export { companyKeyRoutes, requiresScope } from './require-key';
export { actorLabel } from './label';
