import type { Config } from '../../config';
import { linkUnder } from '../../lib/links';

/**
 * The marketplace's purchase page of a product, optionally at one denomination (minor units, as the API speaks):
 * `<MARKETPLACE_URL>certificates/<productId>?denomination=<minor units>`. Widgets redirect here; posters print it as
 * a QR code.
 */
export function purchaseUrl(config: Pick<Config, 'MARKETPLACE_URL'>, productId: string, denomination?: number): string {
  return linkUnder(
    config.MARKETPLACE_URL,
    `certificates/${encodeURIComponent(productId)}`,
    denomination === undefined ? undefined : { denomination: String(denomination) },
  );
}
