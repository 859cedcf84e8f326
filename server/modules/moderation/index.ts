/** Marketplace staff moderate companies (decision 50). */
export { moderationRoutes } from './routes';
export { requireStaff } from './service';
