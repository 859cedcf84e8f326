/**
 * Check and redeem: the routes, the PIN digest and the write of the certificates the issuing API sells (the seed
 * writes them too), and the call that drops a company's cached till rules when a product goes live.
 */
export { redemptionRoutes } from './routes';
export { registerRoutes } from './register-routes';
export { writeSoldCertificates } from './issue';
export { pinHash } from './lookup';
export { forgetTillRules } from './rules';
