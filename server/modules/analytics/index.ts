/** Analytics (decision 056): the reports, their exports and e-mails, the liability and the dashboard's figures. */
export { analyticsRoutes } from './routes';
