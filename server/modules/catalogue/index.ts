/** The certificate catalogue: products, their working and live copies (decision 055). */
export { changeProduct, type ProductChange } from './change';
export { catalogueRoutes } from './routes';
export { expiryOf, liveColumns, PERPETUAL_UNTIL } from './rules';
export { saveStep } from './steps';
export { toModeration } from './submit';
export { decideProduct, saveAdminFields } from './staff';
export { catalogueItemOf, detailsOf, itemColumns, productDetails, productNameColumns, type ProductCompany } from './view';
export { applyEdit, lockForEdit, type Editor, type ProductRow } from './working-copy';
