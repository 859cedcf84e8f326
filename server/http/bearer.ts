import type { ErrorCode } from '@contract/errors';
import { AppError } from '../lib/errors';

/** The credential of `Authorization: Bearer …`; a missing or malformed header is refused with `refusal`. */
export const bearerOf = (header: string | undefined, refusal: ErrorCode = 'UNAUTHORIZED'): string => {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) throw new AppError(refusal);
  return match[1]!;
};
