import type { Capability } from '@contract/access';
import { isErrorCode, issueLimit, type ErrorCode, type FieldLimit } from '@contract/errors';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import { safeParseAsync, type BaseIssue, type GenericSchema, type InferInput, type InferOutput } from 'valibot';
import type { AppEnv } from '../deps';
import { AppError } from '../lib/errors';

const fieldName = (issue: BaseIssue<unknown>): string | undefined => issue.path?.map((item) => String(item.key)).join('.') || undefined;

// valibot reports a missing key on the object, with the object's own (English) message, not the field's.
const isMissingKey = (issue: BaseIssue<unknown>): boolean =>
  issue.kind === 'schema' && issue.type === 'object' && issue.input === undefined;

const fieldCode = (issue: BaseIssue<unknown>): ErrorCode =>
  isErrorCode(issue.message) ? issue.message : isMissingKey(issue) ? 'REQUIRED' : 'WRONG_TYPE';

/**
 * Turns valibot issues into `fields: { name: CODE }`, the first issue of each field winning, and the limit of each
 * field whose code names one into `limits: { name: { max: 100 } }` (decision 078).
 */
export const issuesToError = (issues: readonly BaseIssue<unknown>[], code: ErrorCode = 'VALIDATION_ERROR'): AppError => {
  const fields: Record<string, ErrorCode> = {};
  const limits: Record<string, FieldLimit> = {};
  for (const issue of issues) {
    const name = fieldName(issue);
    if (!name || name in fields) continue;
    fields[name] = fieldCode(issue);
    const limit = issueLimit(issue);
    if (limit) limits[name] = limit;
  }
  return new AppError(code, {
    ...(Object.keys(fields).length && { fields }),
    ...(Object.keys(limits).length && { limits }),
  });
};

/** Marks a middleware with what it validates, so the OpenAPI description can be built from the routes. */
export const openapiInput = Symbol('openapiInput');
export interface OpenapiInput {
  target: keyof ValidationTargets;
  schema: GenericSchema;
}

/**
 * Where the input holds a string (a key or a value) that is not well-formed
 * Unicode, such as a lone surrogate from the JSON escape "\ud800": such text
 * cannot be stored (jsonb refuses it, text columns would alter it). A loop, not
 * recursion: the body may nest thousands deep.
 */
const illFormedFields = (input: unknown): string[] => {
  const found: string[] = [];
  const pending: [value: unknown, path: string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string' && !value.isWellFormed()) found.push(path || 'body');
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key.toWellFormed()}` : key.toWellFormed();
      if (key.isWellFormed()) pending.push([item, itemPath]);
      else found.push(itemPath);
    }
  }
  return found;
};

const refuseIllFormedText = (value: unknown, code: ErrorCode): void => {
  const fields = illFormedFields(value);
  if (fields.length) throw new AppError(code, { fields: Object.fromEntries(fields.map((field) => [field, 'WRONG_TYPE'])) });
};

/**
 * What a validated part gives the handler (`out`, after the schema's transforms)
 * and asks of the caller (`in`, before them): the typed client reads `in`.
 */
interface Validated<Target extends keyof ValidationTargets, Schema extends GenericSchema> {
  in: { [K in Target]: InferInput<Schema> };
  out: { [K in Target]: InferOutput<Schema> };
}

/**
 * Validates one part of the request at the edge, answering in our error shape
 * (never echoing input): `code` with a code per field, VALIDATION_ERROR unless
 * the part has a code of its own (a missing or bad Idempotency-Key).
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends GenericSchema>(
  target: Target,
  schema: Schema,
  code: ErrorCode = 'VALIDATION_ERROR',
) => {
  // Hono would infer `in` from the output; the client must send the input (before trimming, defaults and numbers from text).
  const middleware = validator(target, async (value): Promise<InferOutput<Schema>> => {
    refuseIllFormedText(value, code);
    const result = await safeParseAsync(schema, value);
    if (!result.success) throw issuesToError(result.issues, code);
    return result.output;
  }) as MiddlewareHandler<AppEnv, string, Validated<Target, Schema>>;
  return Object.assign(middleware, { [openapiInput]: { target, schema } satisfies OpenapiInput });
};

/** Describes an operation for the OpenAPI document; does nothing at run time. */
export const openapiDoc = Symbol('openapiDoc');
export interface OperationDoc {
  summary: string;
  tag: string;
  /** The content types of the file it answers with, for an operation that answers a file, not JSON. */
  files?: readonly string[];
  /**
   * The capability the operation's service authorises with (decision 084): the document shows it as `x-capability`,
   * tests/api/access.test.ts holds the service to it and tests/unit/access-walk.test.ts the pages that call it.
   */
  can?: Capability;
  /** What a call and its answer look like, for the document's readers (the register API's operations have them). */
  examples?: { request?: unknown; response?: unknown };
}
export const describe = (doc: OperationDoc): MiddlewareHandler =>
  Object.assign<MiddlewareHandler, { [openapiDoc]: OperationDoc }>(async (_c, next) => next(), { [openapiDoc]: doc });

/**
 * Marks a middleware that authenticates with the security scheme it stands for: an operation's `security` in the
 * document is that of the authenticating middleware that runs before it (decision 084), not a flag written beside it.
 */
export const openapiSecurity = Symbol('openapiSecurity');
export type SecurityScheme = 'bearer' | 'apiKey' | 'companyKey';
export const authenticates = <Middleware extends MiddlewareHandler>(scheme: SecurityScheme, middleware: Middleware) =>
  Object.assign<Middleware, { [openapiSecurity]: SecurityScheme }>(middleware, { [openapiSecurity]: scheme });

/** Marks a middleware that refuses a company API key without `scope`: the document lists it in the operation's security. */
export const openapiScope = Symbol('openapiScope');
export const scoped = <Middleware extends MiddlewareHandler>(scope: string, middleware: Middleware) =>
  Object.assign<Middleware, { [openapiScope]: string }>(middleware, { [openapiScope]: scope });
