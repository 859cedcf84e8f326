/** The deployment's public description: its analytics counters and live chat (decision 62). */
export { siteRoutes } from './routes';
export { integrationOrigins } from './service';
