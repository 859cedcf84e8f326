/** A company's people and their invitations (decision 53). */
export { invitationRoutes, supplierUserRoutes } from './routes';
