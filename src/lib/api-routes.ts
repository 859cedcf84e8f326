import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiSchema } from '../../server/app';

/*
 * The server's routes as types, read from its Hono app (imported as a type
 * only: no server code reaches the bundle). A path, its input and its answer are
 * what the route declares, so a wrong one fails typecheck.
 */

type Method = 'get' | 'post';

/** The API's paths that answer `method`, as the browser calls them (`'/api/front/auth/login'`). */
export type ApiPath<M extends Method> = { [P in keyof ApiSchema]: `$${M}` extends keyof ApiSchema[P] ? P : never }[keyof ApiSchema];

export type Endpoint<M extends Method, P extends ApiPath<M>> = ApiSchema[P][`$${M}` & keyof ApiSchema[P]];

/** What a route validates: its `json` body, `query` and `header`s, as the caller sends them. */
export type InputOf<E> = E extends { input: infer Input } ? Input : never;

/** The `data` of a route's success answer (failures are not part of it). */
export type DataOf<E> = E extends { output: infer Output; status: infer Status }
  ? Status extends SuccessStatusCode
    ? Output extends { data: infer Data }
      ? Data
      : never
    : never
  : never;
