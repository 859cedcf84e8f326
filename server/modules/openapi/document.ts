import { ERROR_CODES, errorStatus, isErrorCode, type ErrorCode } from '@contract/errors';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import {
  openapiDoc,
  openapiInput,
  openapiScope,
  openapiSecurity,
  type OpenapiInput,
  type OperationDoc,
  type SecurityScheme,
} from '../../http/validate';
import answers from './responses.gen.json' with { type: 'json' };

export interface Operation extends OperationDoc {
  method: string;
  path: string;
  inputs: OpenapiInput[];
  /** The scheme of the authenticating middleware that runs before the operation's handler, if any. */
  auth?: SecurityScheme;
  /** The company API key's scope the operation's own middleware requires (decision 093). */
  scope?: string;
}

type Marked = {
  [openapiDoc]?: OperationDoc;
  [openapiInput]?: OpenapiInput;
  [openapiSecurity]?: SecurityScheme;
  [openapiScope]?: string;
};

/** A Hono route path as a pattern: `:name` is one segment, `*` anything; a trailing `/*` matches the path itself too. */
const pathPattern = (path: string): RegExp => {
  const segments = path
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/').replace(/\/\.\*$/, '(?:/.*)?')}$`);
};

interface Guard {
  index: number;
  method: string;
  pattern: RegExp;
  scheme: SecurityScheme;
}

/**
 * Reads the operations from the routes themselves: what is validated is what is documented, and an operation needs
 * what the authenticating middleware registered before its handler for its method and path asks (a router's
 * `.use(requireAuth)` or a route's own), as a request would meet it.
 */
export function collectOperations(api: Hono<AppEnv>, prefix: string): Operation[] {
  const operations = new Map<string, Operation & { handler: number }>();
  const guards: Guard[] = [];
  api.routes.forEach((route, index) => {
    const marks = route.handler as Marked;
    const key = `${route.method} ${route.path}`;
    const scheme = marks[openapiSecurity];
    if (scheme) guards.push({ index, method: route.method, pattern: pathPattern(route.path), scheme });
    const doc = marks[openapiDoc];
    // OpenAPI writes a path parameter `{name}`, Hono `:name`.
    const path = prefix + route.path.replace(/:(\w+)/g, '{$1}');
    if (doc) operations.set(key, { ...doc, method: route.method.toLowerCase(), path, inputs: [], handler: index });
    const operation = operations.get(key);
    if (!operation) return;
    operation.handler = index;
    const input = marks[openapiInput];
    if (input) operation.inputs.push(input);
    const scope = marks[openapiScope];
    if (scope) operation.scope = scope;
  });
  return [...operations].map(([key, { handler, ...operation }]) => {
    const [method, path] = key.split(' ') as [string, string];
    const guard = guards.find(
      (candidate) =>
        candidate.index < handler && (candidate.method === 'ALL' || candidate.method === method) && candidate.pattern.test(path),
    );
    return guard ? { ...operation, auth: guard.scheme } : operation;
  });
}

/**
 * A part's JSON Schema as OpenAPI 3.1 holds it: no `$schema` of its own (the document's dialect is 2020-12's, and
 * tools read a draft-07 `$schema` inside it as a change of dialect).
 */
const jsonSchema = (input: OpenapiInput) => {
  const { $schema: _dialect, ...schema } = toJsonSchema(input.schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  return schema;
};

/** A number sent as query text (a page, a page size) is documented as the integer it is, its default one too. */
const wireForm = (schema: Record<string, unknown>) => {
  if (schema.type !== 'integer') return schema;
  const { pattern: _text, ...number } = schema;
  return typeof number.default === 'string' ? { ...number, default: Number(number.default) } : number;
};

const PARAMETER_TARGETS: Partial<Record<OpenapiInput['target'], string>> = { param: 'path', query: 'query', header: 'header' };

/** One parameter per property of a path, query or header schema, required as the schema says (a path's always). */
const parametersOf = (operation: Operation) =>
  operation.inputs.flatMap((input) => {
    const where = PARAMETER_TARGETS[input.target];
    if (!where) return [];
    const schema = jsonSchema(input);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    return Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: wireForm(property as Record<string, unknown>),
    }));
  });

/**
 * The codes an operation's input may be refused with, per field: the messages of its schemas (codes, or functions
 * that pick one from the input, asked with none and with some), and what the edge adds for any field.
 */
function fieldCodes(operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(['REQUIRED', 'WRONG_TYPE']);
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const { message } = node as { message?: unknown };
    const ask = (input: unknown) => {
      try {
        return (message as (issue: object) => unknown)({ input });
      } catch {
        return undefined;
      }
    };
    const said = typeof message === 'function' ? [ask(undefined), ask('x')] : [message];
    for (const code of said) if (isErrorCode(code)) codes.add(code);
    for (const value of Object.values(node)) visit(value);
  };
  operation.inputs.forEach((input) => visit(input.schema));
  return [...codes].sort();
}

/** The catalogue's codes by HTTP status: what a failure of that status may carry. */
const CODES_BY_STATUS = new Map<number, ErrorCode[]>();
for (const code of ERROR_CODES) CODES_BY_STATUS.set(errorStatus(code), [...(CODES_BY_STATUS.get(errorStatus(code)) ?? []), code]);

const errorSchema = (codes: readonly ErrorCode[], fields?: readonly ErrorCode[]) => ({
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: codes },
        message: { type: 'string' },
        ...(fields && { fields: { type: 'object', additionalProperties: { type: 'string', enum: fields } } }),
        limits: {
          type: 'object',
          description: 'The limit a field broke, named as its code’s message names it (TOO_LONG: max)',
          additionalProperties: {
            type: 'object',
            properties: { min: { type: 'integer' }, max: { type: 'integer' }, length: { type: 'integer' } },
          },
        },
        retryAfterSeconds: { type: 'integer' },
      },
    },
  },
});

const STATUS_TEXT: Record<number, string> = {
  400: 'The request could not be read (malformed JSON, a bad header)',
  401: 'No valid sign-in (or API key)',
  403: 'Signed in, but not allowed: a role or a block (or an API key without the scope)',
  404: 'What the request names does not exist, or is not the caller’s to see',
  409: 'A conflict with the current state (an address taken, a request under way)',
  413: 'The body is larger than the server takes',
  415: 'The body is not application/json',
  422: 'The input breaks a rule: the code, and a code per field',
  429: 'Too many requests: Retry-After says when to try again',
  503: 'The server is busy: nothing was done, try again after Retry-After',
};

/** The failures an operation may answer (decision 082): each status with the catalogue's codes of that status. */
function errorResponses(operation: Operation, body: boolean) {
  const statuses = [...(body ? [400, 413, 415] : []), ...(operation.auth ? [401, 403] : []), 404, 409, 422, 429, 503];
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: STATUS_TEXT[status]!,
        content: {
          'application/json': {
            schema: errorSchema(CODES_BY_STATUS.get(status) ?? [], status === 422 ? fieldCodes(operation) : undefined),
          },
        },
      },
    ]),
  );
}

const ANSWERS = answers.operations as Record<string, { json: Record<string, unknown> } | { redirect: true } | { file: true } | undefined>;

/** The bodies the API takes, by what validates them: JSON, and the sign-in form's post (decision 100). */
const BODY_TYPES: Partial<Record<OpenapiInput['target'], string>> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/**
 * An operation that answers with a 303 (the sign-in form's post, decision 100): its refusals are 303s too, back to the
 * sign-in page with the code in its address; only a post from another site is refused as such.
 */
const redirectResponses = () => ({
  303: {
    description:
      'Signed in: to where the app lands, the session cookies set (Set-Cookie). Refused: back to the sign-in page, the code in `error`, the e-mail in `email`',
    headers: { Location: { schema: { type: 'string' } } },
  },
  403: {
    description: 'Posted from another site (Sec-Fetch-Site, else Origin): FORBIDDEN',
    content: { 'application/json': { schema: errorSchema(['FORBIDDEN']) } },
  },
});

/** The success answer: `{ data }` as the route's own type says (responses.gen.json), or the file it sends. */
function successResponse(operation: Operation) {
  const answer = ANSWERS[`${operation.method} ${operation.path}`];
  const example = operation.examples?.response;
  if (answer && 'json' in answer)
    return {
      description: 'Success: `{ "data": … }`',
      content: { 'application/json': { schema: answer.json, ...(example !== undefined && { example }) } },
    };
  const types = operation.files ?? ['application/octet-stream'];
  return {
    description: 'The file',
    content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
  };
}

export function openapiDocument(operations: Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const body = operation.inputs.find((input) => BODY_TYPES[input.target]);
    const answer = ANSWERS[`${operation.method} ${operation.path}`];
    const parameters = parametersOf(operation);
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.auth && { security: [{ [operation.auth]: operation.scope ? [operation.scope] : [] }] }),
      ...(operation.scope && { 'x-scope': operation.scope }),
      // What the service authorises with (decision 084): src/contract/access.ts says which roles hold it.
      ...(operation.can && { 'x-capability': operation.can }),
      ...(parameters.length && { parameters }),
      ...(body && {
        requestBody: {
          required: true,
          content: {
            [BODY_TYPES[body.target]!]: {
              schema: jsonSchema(body),
              ...(operation.examples?.request !== undefined && { example: operation.examples.request }),
            },
          },
        },
      }),
      responses:
        answer && 'redirect' in answer
          ? redirectResponses()
          : { 200: successResponse(operation), ...errorResponses(operation, Boolean(body)) },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Certdesk API', version: '1.0.0', description: 'The API behind the Certdesk supplier portal.' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "The marketplace's issuing key (PARTNER_API_KEY)" },
        companyKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cdk_…',
          description:
            "A company's API key (decision 093), created by an admin of the company at /integrations/keys and shown once: `Authorization: Bearer cdk_…`. Its scopes (check, redeem, readReports) say which operations it may call; it reaches its own company only, and is limited to COMPANY_API_KEY_REQUESTS_PER_MINUTE calls a minute (429 RATE_LIMITED with Retry-After).",
        },
      },
      schemas: {
        ...answers.components,
        // Any failure: every code of the catalogue.
        Error: errorSchema(ERROR_CODES, ERROR_CODES),
      },
    },
  };
}
