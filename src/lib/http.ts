import { fieldError, type ApiError, type ErrorCode, type FieldError } from '@contract/errors';
import type { ApiPath, DataOf, Endpoint, InputOf } from './api-routes';
import type { MessageId } from './message-id';
import { isOnline, markReachable, markUnreachable, onlineGeneration } from './online';
import { showToast } from './toast';

/** SPEC §7: every call has a 5000 ms timeout. */
export const HTTP_TIMEOUT_MS = 5000;
/** A file upload (a product image, up to 1 MB) may take longer than a JSON call on a slow line. */
export const UPLOAD_TIMEOUT_MS = 60_000;
/**
 * A call the server refused as busy (503 SERVER_BUSY, decision 068: nothing of it was done) is sent again after
 * its Retry-After, at most this many times and only while the whole call stays within the budget: a till waits
 * seconds for an answer, never a minute.
 */
export const BUSY_RETRIES = 3;
export const BUSY_BUDGET_MS = 8000;
/** The longest wait between two sendings, whatever Retry-After says (ours says 1 s). */
const BUSY_WAIT_CAP_MS = 3000;
/** Spreads the retries of many tills refused at the same instant, so they do not come back at the same instant. */
const BUSY_JITTER_MS = 500;
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export type FailureKind = 'http' | 'network' | 'timeout' | 'aborted';

/** A failed call: the server's code and per-field errors (codes, with their limits) when it sent them. */
export class HttpError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    readonly code: ErrorCode | null,
    readonly fields: Record<string, FieldError> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(code ?? (kind === 'http' ? `HTTP ${status}` : kind));
    this.name = 'HttpError';
  }
}

/** SPEC §8: the statuses whose message is the status code itself (each has an `http.<status>` message). */
type StatusWithMessage = 400 | 401 | 403 | 404 | 408 | 500 | 501 | 502 | 503 | 504 | 505;
const hasStatusMessage = (status: number): status is StatusWithMessage => /^(40[01348]|50[0-5])$/.test(String(status));

/** The message id (and values) a failure is shown with when no field takes it. */
export const failureMessage = (error: unknown): { id: MessageId; values?: Record<string, string | number> } => {
  if (!(error instanceof HttpError)) return { id: 'http.network' };
  if (error.kind !== 'http') return { id: `http.${error.kind}` };
  if (error.code && error.code !== 'SERVER_ERROR') return { id: `error.${error.code}` };
  if (hasStatusMessage(error.status)) return { id: `http.${error.status}` };
  return { id: 'http.other', values: { status: error.status } };
};

interface AuthHooks {
  accessToken: () => string | null;
  /** Runs before every call that carries the token (refreshes a token near expiry). */
  beforeAuthorized: () => Promise<void>;
  /** A 401 on a call made with a token: the session is over. */
  onUnauthorized: () => void;
  /** The selected company has blocked the person (decision 53): the company list is out of date. */
  onMembershipBlocked: () => void;
}

let hooks: AuthHooks = {
  accessToken: () => null,
  beforeAuthorized: async () => {},
  onUnauthorized: () => {},
  onMembershipBlocked: () => {},
};

export const setAuthHooks = (next: Partial<AuthHooks>): void => {
  hooks = { ...hooks, ...next };
};

interface CallOptions {
  /** Send the bearer token (default true; false for login, refresh and the public auth calls). */
  auth?: boolean;
  /** The caller shows the failure itself (forms): no toast. */
  quiet?: boolean;
  signal?: AbortSignal;
}

/** The calls of someone with no login yet (sign-in, registration, mailed links): no token; the page shows its own failures. */
export const publicCall = { auth: false, quiet: true } as const;

/** What a route validates, as its validators take it: the `json` body, the `query`, the `header`s, the path's `param`s. */
interface RouteInput {
  json?: unknown;
  param?: Record<string, string>;
  query?: Record<string, string | undefined>;
  header?: Record<string, string>;
}

/** A call's argument: what the route validates, and our options; optional where the route takes no input. */
type CallArgs<E> = Partial<InputOf<E>> extends InputOf<E> ? [call?: InputOf<E> & CallOptions] : [call: InputOf<E> & CallOptions];

/** The answer's JSON; null for an empty or non-JSON body (a proxy's error page). */
const readBody = (response: Response): Promise<unknown> => response.json().catch(() => null);

// Codes are taken as the server sends them: the catalogue's English texts stay out of the bundle, and a
// code without a translation is shown as the generic error (useErrorText, useFailureText).
const asCode = (value: unknown): ErrorCode | null =>
  typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value) ? (value as ErrorCode) : null;

const toHttpError = (status: number, body: unknown): HttpError => {
  const error = (body as { error?: Partial<ApiError> } | null)?.error;
  const code = asCode(error?.code);
  const fields: Record<string, FieldError> = {};
  for (const [name, value] of Object.entries(error?.fields ?? {})) {
    const fieldCode = asCode(value);
    if (fieldCode) fields[name] = fieldError(fieldCode, error?.limits?.[name]);
  }
  return new HttpError('http', status, code, fields, error?.retryAfterSeconds);
};

/** The query string of a call; parameters left unset are not sent. */
const searchOf = (query: RouteInput['query']): string => {
  const present = Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return present.length ? `?${new URLSearchParams(present)}` : '';
};

/** Waits `ms`; false when the caller cancels the call meanwhile. */
const pause = (ms: number, signal?: AbortSignal): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms, true);
    const cancel = () => {
      clearTimeout(timer);
      resolve(false);
    };
    if (signal?.aborted) cancel();
    else signal?.addEventListener('abort', cancel, { once: true });
  });

/** How long to wait before sending a refused call again (decision 068), or undefined when it is not sent again. */
const busyWait = (failure: HttpError, retries: number, elapsedMs: number): number | undefined => {
  if (failure.code !== 'SERVER_BUSY' || retries >= BUSY_RETRIES) return undefined;
  const wait = Math.min((failure.retryAfterSeconds ?? 1) * 1000, BUSY_WAIT_CAP_MS) + Math.random() * BUSY_JITTER_MS;
  return elapsedMs + wait < BUSY_BUDGET_MS ? wait : undefined;
};

/** One sending of a call: its `data`, or an HttpError. */
async function send(
  method: 'GET' | 'POST',
  path: string,
  call: RouteInput & CallOptions,
  token: string | null,
  blob: boolean,
  file: Blob | undefined,
): Promise<unknown> {
  const { json, query, header, param, signal } = call;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    file ? UPLOAD_TIMEOUT_MS : HTTP_TIMEOUT_MS,
  );
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);

  const url = API_BASE + path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(param?.[name] ?? '')) + searchOf(query);
  const headers: Record<string, string> = { ...header, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST') headers['Content-Type'] = file ? file.type : 'application/json';

  const sentAt = onlineGeneration();
  try {
    const response = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? (file ?? JSON.stringify(json ?? {})) : undefined,
      signal: controller.signal,
    });
    if (blob && response.ok) {
      // A report streams as long as it is big: the limit is on the server starting to answer, not on the download.
      clearTimeout(timer);
      return await response.blob();
    }
    const parsed = await readBody(response);
    // Only our JSON proves the server is there (a captive portal answers with its own page).
    if (parsed !== null) markReachable(sentAt);
    if (response.ok) return (parsed as { data?: unknown } | null)?.data;
    throw toHttpError(response.status, parsed);
  } catch (error) {
    throw error instanceof HttpError
      ? error
      : new HttpError(timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network', 0, null);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

async function request(
  method: 'GET' | 'POST',
  path: string,
  call: RouteInput & CallOptions = {},
  blob = false,
  /** Sent as the raw body, with its own type, instead of the JSON. */
  file?: Blob,
): Promise<unknown> {
  const { auth = true, quiet = false, signal } = call;
  const startedAt = Date.now();
  let failure: HttpError;
  let token: string | null;
  for (let retries = 0; ; retries += 1) {
    if (auth) await hooks.beforeAuthorized();
    token = auth ? hooks.accessToken() : null;
    try {
      return await send(method, path, call, token, blob, file);
    } catch (error) {
      failure = error as HttpError;
    }
    const wait = busyWait(failure, retries, Date.now() - startedAt);
    if (wait === undefined) break;
    if (!(await pause(wait, signal))) {
      failure = new HttpError('aborted', 0, null);
      break;
    }
  }

  if (failure.kind === 'network' || failure.kind === 'timeout') markUnreachable();
  if (failure.status === 401 && token) {
    hooks.onUnauthorized();
    throw failure;
  }
  if (failure.code === 'MEMBERSHIP_BLOCKED') hooks.onMembershipBlocked();
  if (!quiet && !(failure.kind === 'aborted' && signal?.aborted) && !(failure.kind === 'network' && !isOnline())) {
    // A cancelled navigation is not worth a toast, nor a network failure while the offline banner already says so.
    const message = failureMessage(failure);
    showToast({ tone: 'error', messageId: message.id, values: message.values, lifeMs: 8000 });
  }
  throw failure;
}

/*
 * The typed client: a path is one of the server's routes (`ApiSchema`), the
 * argument is what that route validates plus our options, and the answer is its
 * `data`. A wrong path, input field or answer field fails typecheck. The answer
 * is trusted to match the route's type: the server's routes produce it.
 */
export const get = <P extends ApiPath<'get'>>(path: P, ...[call]: CallArgs<Endpoint<'get', P>>) =>
  request('GET', path, call) as Promise<DataOf<Endpoint<'get', P>>>;
/** A file answer (the accepted offer's PDF): the same typed path and input; failures come as JSON like any other. */
export const getBlob = <P extends ApiPath<'get'>>(path: P, ...[call]: CallArgs<Endpoint<'get', P>>) =>
  request('GET', path, call, true) as Promise<Blob>;
export const post = <P extends ApiPath<'post'>>(path: P, ...[call]: CallArgs<Endpoint<'post', P>>) =>
  request('POST', path, call) as Promise<DataOf<Endpoint<'post', P>>>;
/** A file as the raw body (a product image), its Content-Type the blob's type; the route's query as input. */
export const upload = <P extends ApiPath<'post'>>(path: P, file: Blob, ...[call]: CallArgs<Endpoint<'post', P>>) =>
  request('POST', path, call, false, file) as Promise<DataOf<Endpoint<'post', P>>>;
