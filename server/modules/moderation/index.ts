/** Marketplace staff moderate companies (decision 50). */
export { moderationRoutes } from './routes';
