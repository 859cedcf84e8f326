/** Check and redeem: the routes, and the PIN digest the issuing API and the seed write. */
export { redemptionRoutes } from './routes';
export { pinHash } from './lookup';
