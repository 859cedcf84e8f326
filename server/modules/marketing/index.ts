/** Marketing materials: printable posters of a company's approved certificates (issue 14). */
export { marketingRoutes } from './routes';
