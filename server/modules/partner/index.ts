/** The marketplace's issuing API. */
export { partnerRoutes } from './routes';
