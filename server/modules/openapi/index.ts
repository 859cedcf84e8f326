/** The OpenAPI document and reference page, built from the mounted routes. */
export { openapiRoutes } from './routes';
