/** The supplier index and company calls. */
export { supplierRoutes } from './routes';
