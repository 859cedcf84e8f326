/** The auth module's public entry: its routes, the access-token middleware the other modules mount, and code clean-up. */
export { authRoutes } from './routes';
export { requireAuth } from './require-auth';
export { deleteOldCodes } from './codes';
