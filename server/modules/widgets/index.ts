/** Sales widgets: one approved product offered on the supplier's own site (decision 58). */
export { embedRoutes } from './embed';
export { purchaseUrl } from './purchase';
export { widgetRoutes } from './routes';
