/** Marketplace staff moderate products (decision 055). */
export { productModerationRoutes } from './routes';
