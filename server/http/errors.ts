import type { ErrorCode } from '@contract/errors';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/log';

const fromHttpException = (error: HTTPException): AppError => {
  if (error.status === 400 && /json/i.test(error.message)) return new AppError('MALFORMED_JSON');
  const byStatus: Partial<Record<number, ErrorCode>> = {
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    408: 'REQUEST_TIMEOUT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
  };
  return new AppError(byStatus[error.status] ?? 'BAD_REQUEST', { status: error.status < 500 ? error.status : 400 });
};

export const respondError = (c: Context, error: AppError): Response => {
  if (error.extra.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.extra.retryAfterSeconds));
  return c.json(error.toBody(), error.status as ContentfulStatusCode);
};

/** What a failure answers: known failures keep their code; anything else is a SERVER_ERROR. */
export const asAppError = (error: Error): AppError =>
  error instanceof AppError ? error : error instanceof HTTPException ? fromHttpException(error) : new AppError('SERVER_ERROR');

/** Hono's onError: known failures keep their code; anything else is logged and hidden. */
export const errorHandler =
  (log: Logger) =>
  (error: Error, c: Context): Response => {
    if (!(error instanceof AppError) && !(error instanceof HTTPException))
      log.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.stack ?? String(error) });
    return respondError(c, asAppError(error));
  };
