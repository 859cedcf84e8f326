/**
 * Check and redeem: the routes, the PIN digest the issuing API and the seed
 * write, and the call that drops a company's cached till rules when a product
 * goes live.
 */
export { redemptionRoutes } from './routes';
export { pinHash } from './lookup';
export { forgetTillRules } from './rules';
