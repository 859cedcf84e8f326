import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token; 32 bytes is 256 bits. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Six digits, uniformly drawn. */
export const randomCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** For high-entropy tokens a plain digest is enough: nobody can guess the input. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

export const hmac = (key: string, value: string): string => createHmac('sha256', key).update(value).digest('base64url');

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
