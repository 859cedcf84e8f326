import { normalizeCertificateNumber } from '@contract/redemption';

/**
 * What a saved check answer is filed under besides the company and number: the
 * SHA-256 of `number:PIN`, in hex. Offline the same number and PIN find the last
 * answer seen on this device and any other PIN finds nothing, while neither the
 * query key nor IndexedDB ever holds the PIN itself. (Six digits are few: this
 * keeps the PIN out of sight, it is no protection against someone who reads the
 * saved cache and tries all million PINs. Logout and a day's age wipe it.)
 */
export async function pinDigest(number: string, pin: string): Promise<string> {
  const input = new TextEncoder().encode(`${normalizeCertificateNumber(number)}:${pin.trim()}`);
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
