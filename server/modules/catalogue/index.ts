/** The certificate catalogue: products, their working and live copies (decision 055). */
export { expiryOf, liveColumns } from './rules';
export { applyEdit, lockForEdit, type Editor, type ProductRow } from './working-copy';
