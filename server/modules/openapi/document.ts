import { ERROR_CODES } from '@contract/errors';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { openapiDoc, openapiInput, type OpenapiInput, type OperationDoc } from '../../http/validate';

export interface Operation extends OperationDoc {
  method: string;
  path: string;
  inputs: OpenapiInput[];
}

type Marked = { [openapiDoc]?: OperationDoc; [openapiInput]?: OpenapiInput };

/** Reads the operations from the routes themselves: what is validated is what is documented. */
export function collectOperations(api: Hono<AppEnv>, prefix: string): Operation[] {
  const operations = new Map<string, Operation>();
  for (const route of api.routes) {
    const marks = route.handler as Marked;
    const key = `${route.method} ${route.path}`;
    const doc = marks[openapiDoc];
    // OpenAPI writes a path parameter `{name}`, Hono `:name`.
    const path = prefix + route.path.replace(/:(\w+)/g, '{$1}');
    if (doc) operations.set(key, { ...doc, method: route.method.toLowerCase(), path, inputs: [] });
    const input = marks[openapiInput];
    if (input) operations.get(key)?.inputs.push(input);
  }
  return [...operations.values()];
}

const jsonSchema = (input: OpenapiInput) => toJsonSchema(input.schema, { errorMode: 'ignore' }) as Record<string, unknown>;

/** Validation targets that OpenAPI lists as parameters, with their `in`. */
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
      schema: property,
    }));
  });

const errorResponse = {
  description: 'Failure: a code from the catalogue, with per-field codes for validation errors',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

export function openapiDocument(operations: Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const body = operation.inputs.find((input) => input.target === 'json');
    const parameters = parametersOf(operation);
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.auth && { security: [operation.auth === 'apiKey' ? { apiKey: [] } : { bearer: [] }] }),
      ...(parameters.length && { parameters }),
      ...(body && { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body) } } } }),
      responses: {
        200: { description: 'Success: `{ "data": … }`' },
        '4XX': errorResponse,
      },
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
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: ERROR_CODES },
                message: { type: 'string' },
                fields: { type: 'object', additionalProperties: { type: 'string', enum: ERROR_CODES } },
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
        },
      },
    },
  };
}
