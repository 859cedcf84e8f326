import type { ApiError, ErrorCode } from '@/contract/errors';
import { isOnline, markReachable, markUnreachable } from './online';
import { showToast } from './toast';

/** SPEC §7: every call has a 5000 ms timeout. */
export const HTTP_TIMEOUT_MS = 5000;
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export type FailureKind = 'http' | 'network' | 'timeout' | 'aborted';

/** A failed call: the server's code and per-field codes when it sent them. */
export class HttpError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    readonly code: ErrorCode | null,
    readonly fields: Record<string, ErrorCode> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(code ?? (kind === 'http' ? `HTTP ${status}` : kind));
    this.name = 'HttpError';
  }
}

/** SPEC §8: the statuses whose message is the status code itself. */
const STATUS_MESSAGES = new Set([400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505]);

/** The message id (and values) a failure is shown with when no field takes it. */
export const failureMessage = (error: unknown): { id: string; values?: Record<string, string | number> } => {
  if (!(error instanceof HttpError)) return { id: 'http.network' };
  if (error.kind !== 'http') return { id: `http.${error.kind}` };
  if (error.code && error.code !== 'SERVER_ERROR') return { id: `error.${error.code}` };
  if (STATUS_MESSAGES.has(error.status)) return { id: `http.${error.status}` };
  return { id: 'http.other', values: { status: error.status } };
};

interface AuthHooks {
  accessToken: () => string | null;
  /** Runs before every call that carries the token (refreshes a token near expiry). */
  beforeAuthorized: () => Promise<void>;
  /** A 401 on a call made with a token: the session is over. */
  onUnauthorized: () => void;
}

let hooks: AuthHooks = {
  accessToken: () => null,
  beforeAuthorized: async () => {},
  onUnauthorized: () => {},
};

export const setAuthHooks = (next: Partial<AuthHooks>): void => {
  hooks = { ...hooks, ...next };
};

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string>;
  /** Send the bearer token (default true; false for login, refresh and the public auth calls). */
  auth?: boolean;
  /** The caller shows the failure itself (forms): no toast. */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (the redeem call's Idempotency-Key). */
  headers?: Record<string, string>;
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

// Codes are taken as the server sends them: the catalogue's English texts stay out of the bundle, and a
// code without a translation is shown as the generic error (useErrorText, useFailureText).
const asCode = (value: unknown): ErrorCode | null => (typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value) ? (value as ErrorCode) : null);

const toHttpError = (status: number, body: unknown): HttpError => {
  const error = (body as { error?: Partial<ApiError> } | null)?.error;
  const code = asCode(error?.code);
  const fields: Record<string, ErrorCode> = {};
  for (const [name, value] of Object.entries(error?.fields ?? {})) {
    const fieldCode = asCode(value);
    if (fieldCode) fields[name] = fieldCode;
  }
  return new HttpError('http', status, code, fields, error?.retryAfterSeconds);
};

export async function request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
  const { body, query, auth = true, quiet = false, signal, headers: extra } = options;
  if (auth) await hooks.beforeAuthorized();
  const token = auth ? hooks.accessToken() : null;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);

  const url = API_BASE + path + (query ? `?${new URLSearchParams(query).toString()}` : '');
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST') headers['Content-Type'] = 'application/json';

  let failure: HttpError;
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: controller.signal,
    });
    const parsed = await readBody(response);
    // Only our JSON proves the server is there (a captive portal answers with its own page).
    if (parsed !== null) markReachable();
    if (response.ok) return (parsed as { data: T } | null)?.data as T;
    failure = toHttpError(response.status, parsed);
  } catch (error) {
    failure =
      error instanceof HttpError
        ? error
        : new HttpError(timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network', 0, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  if (failure.kind === 'network' || failure.kind === 'timeout') markUnreachable();
  if (failure.status === 401 && token) {
    hooks.onUnauthorized();
  } else if (!quiet && !(failure.kind === 'aborted' && signal?.aborted) && !(failure.kind === 'network' && !isOnline())) {
    // A cancelled navigation is not worth a toast, nor a network failure while the offline banner already says so.
    const message = failureMessage(failure);
    showToast({ tone: 'error', messageId: message.id, values: message.values, lifeMs: 8000 });
  }
  throw failure;
}

export const get = <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options);
export const post = <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
  request<T>('POST', path, { ...options, body });
