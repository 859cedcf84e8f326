import type { ApiError } from '@contract/errors';
import type { Context, TypedResponse } from 'hono';
import type { ClientErrorStatusCode, ContentfulStatusCode } from 'hono/utils/http-status';
import type { StoredAnswer } from '../lib/idempotency';

/*
 * Answers whose type `c.json` cannot carry to the typed client. The cast only
 * names the JSON the answer holds; Hono's TypedResponse has no run-time part.
 */

/**
 * `{ data }` typed as the contract type itself. For recursive types (companies
 * with their branches), which Hono's JSONParsed turns into JSONValue; other
 * answers use `c.json`, whose type also says what JSON makes of dates and the like.
 */
export const sendData = <Data>(c: Context, data: Data) => {
  const response: Response = c.json({ data });
  return response as Response & TypedResponse<{ data: Data }, 200, 'json'>;
};

/** What an idempotent operation's answer is: `{ data }` on success, the error shape on a refusal. */
type StoredAnswerResponse<Data> =
  TypedResponse<{ data: Data }, 200, 'json'> | TypedResponse<{ error: ApiError }, ClientErrorStatusCode, 'json'>;

/** Sends an idempotent operation's answer as its stored text, so that a replay is the first answer byte for byte. */
export const sendStoredAnswer = <Data>(c: Context, answer: StoredAnswer<Data>) => {
  const response: Response = c.body(answer.text, answer.status as ContentfulStatusCode, { 'content-type': 'application/json' });
  return response as Response & StoredAnswerResponse<Data>;
};
