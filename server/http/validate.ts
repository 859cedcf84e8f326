import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { vValidator } from '@hono/valibot-validator';
import type { BaseIssue, GenericSchema } from 'valibot';
import { isErrorCode } from '../../src/contract/errors';
import type { ErrorCode } from '../../src/contract/errors';
import { AppError } from './errors';

const fieldName = (issue: BaseIssue<unknown>): string | undefined =>
  issue.path?.map((item) => String(item.key)).join('.') || undefined;

// valibot reports a missing key on the object, with the object's own (English) message, not the field's.
const isMissingKey = (issue: BaseIssue<unknown>): boolean => issue.kind === 'schema' && issue.type === 'object' && issue.input === undefined;

const fieldCode = (issue: BaseIssue<unknown>): ErrorCode =>
  isErrorCode(issue.message) ? issue.message : isMissingKey(issue) ? 'REQUIRED' : 'WRONG_TYPE';

/** Turns valibot issues into `fields: { name: CODE }`, the first issue of each field winning. */
export const issuesToError = (issues: readonly BaseIssue<unknown>[]): AppError => {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const name = fieldName(issue);
    if (name && !(name in fields)) fields[name] = fieldCode(issue);
  }
  return new AppError('VALIDATION_ERROR', Object.keys(fields).length ? { fields } : {});
};

/** Marks a middleware with what it validates, so the OpenAPI description can be built from the routes. */
export const openapiInput = Symbol('openapiInput');
export interface OpenapiInput {
  target: keyof ValidationTargets;
  schema: GenericSchema;
}

/** Validates one part of the request at the edge, answering in our error shape (never echoing input). */
export const validate = <Target extends keyof ValidationTargets, Schema extends GenericSchema>(
  target: Target,
  schema: Schema,
) => {
  const middleware = vValidator(target, schema, (result) => {
    if (!result.success) throw issuesToError(result.issues);
  });
  return Object.assign(middleware, { [openapiInput]: { target, schema } satisfies OpenapiInput });
};

/** Describes an operation for the OpenAPI document; does nothing at run time. */
export const openapiDoc = Symbol('openapiDoc');
export interface OperationDoc {
  summary: string;
  tag: string;
  /** Needs a bearer access token, or (partner API) the X-Api-Key header. */
  auth?: boolean | 'apiKey';
}
export const describe = (doc: OperationDoc): MiddlewareHandler =>
  Object.assign<MiddlewareHandler, { [openapiDoc]: OperationDoc }>(async (_c, next) => next(), { [openapiDoc]: doc });
