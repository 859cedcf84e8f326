import type { Config } from '../../config';

/**
 * The marketplace's purchase page of a product, optionally at one denomination (minor units, as the API speaks):
 * `<MARKETPLACE_URL>certificates/<productId>?denomination=<minor units>`. Widgets redirect here; posters print it as
 * a QR code.
 */
export function purchaseUrl(config: Pick<Config, 'MARKETPLACE_URL'>, productId: string, denomination?: number): string {
  const base = config.MARKETPLACE_URL.endsWith('/') ? config.MARKETPLACE_URL : `${config.MARKETPLACE_URL}/`;
  const url = new URL(`certificates/${encodeURIComponent(productId)}`, base);
  if (denomination !== undefined) url.searchParams.set('denomination', String(denomination));
  return url.toString();
}
