/** Development helpers' public entry (mounted outside production, loopback only). */
export { devRoutes } from './routes';
