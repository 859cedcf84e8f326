/** A company's people and their invitations (decisions 53, 074). */
export { invitationRoutes, myInvitationRoutes, supplierUserRoutes } from './routes';
export { addFounder } from './member';
