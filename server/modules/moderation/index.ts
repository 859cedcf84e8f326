/** Marketplace staff moderate companies (decision 50), never one they belong to (decision 077). */
export { moderationRoutes } from './routes';
export { refuseOwnCompany, requireStaff } from './service';
