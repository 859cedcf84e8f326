/**
 * The auth module's public entry: its routes, the access-token middleware the other modules mount, code
 * clean-up, and the login calls the users module needs (an accepted invitation signs in, joining from an invitation
 * checks the password as a sign-in does; a block ends logins).
 */
export { authRoutes } from './routes';
export { refusalsToFormPage } from './form-posts';
export { requireAuth, requireToken, signedInRoutes } from './require-auth';
export { deleteOldCodes } from './codes';
export { accountOfInvitee, activateInvitee, saveAccount } from './accounts';
export { checkCredentials } from './service';
export { confirmLogin, loginColumns, revokeUserSessions, startSession } from './tokens';
