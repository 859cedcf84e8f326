import { errorMessage, errorStatus, type ApiError, type ErrorCode, type FieldLimit } from '@contract/errors';

/** A failure the client should see: a code from the catalogue, never a stack. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly extra: {
      fields?: Record<string, ErrorCode>;
      limits?: Record<string, FieldLimit>;
      retryAfterSeconds?: number;
      status?: number;
    } = {},
  ) {
    super(code);
  }

  get status(): number {
    return this.extra.status ?? errorStatus(this.code);
  }

  toBody(): { error: ApiError } {
    const { fields, limits, retryAfterSeconds } = this.extra;
    return {
      error: {
        code: this.code,
        message: errorMessage(this.code),
        ...(fields && { fields }),
        ...(limits && { limits }),
        ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      },
    };
  }
}

export const fail = (code: ErrorCode, extra?: AppError['extra']): never => {
  throw new AppError(code, extra);
};
