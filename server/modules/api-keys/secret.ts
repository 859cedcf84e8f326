import { API_KEY_MARK, API_KEY_PREFIX_LENGTH } from '@contract/api-keys';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';

/** A new key: the mark and 256 random bits (43 base64url characters). */
export const newSecret = (): string => `${API_KEY_MARK}${randomToken(32)}`;

/** What the list shows and the lookup uses: never enough to call with. */
export const prefixOf = (secret: string): string => secret.slice(0, API_KEY_PREFIX_LENGTH);

/** A key's digest: high entropy, so a plain SHA-256 is enough (nobody can guess the input). */
export const secretHash = (secret: string): string => sha256(secret);

/** Whether a presented key is the one a row was made for, compared in constant time. */
export const matches = (presented: string, storedHash: string): boolean => safeEqual(secretHash(presented), storedHash);
