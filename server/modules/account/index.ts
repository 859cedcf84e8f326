/** The account module's public entry: what the app mounts. */
export { accountRoutes } from './routes';
