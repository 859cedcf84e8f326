/** Analytics (decision 056): the reports, their exports and e-mails, the liability and the dashboard's figures. */
export { analyticsRoutes } from './routes';
// The till's history counts "today" as the reports do.
export { resolvePeriod, withinPeriod } from './period';
