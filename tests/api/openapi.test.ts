import { spawnSync } from 'node:child_process';
import { Validator } from '@seriousme/openapi-schema-validator';
import addFormats from 'ajv-formats';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import oasSchema from '../support/openapi-3.1-schema.json' with { type: 'json' };
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';

/**
 * /api/openapi.json read by tools that are not ours (decision 082): valid against the OpenAPI Initiative's own
 * schema of 3.1 documents, checked by Ajv (a JSON Schema validator from the npm registry, draft 2020-12), every
 * schema in it a valid 2020-12 schema, every pattern one that a regex engine without JavaScript's `u` flag compiles
 * and means the same by, each operation's success and coded failures described, and real answers matching them.
 */

type Json = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is read as loose JSON
let document: any;
let test: TestApp;
let ajv: Ajv2020;

beforeAll(async () => {
  test = await createAuthTestApp();
  document = (await test.call('GET', '/api/openapi.json')).body;
  ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // JSON Schema names it; ajv-formats has no check for it (the server's is the normaliser of decision 082).
  ajv.addFormat('idn-email', true);
});
afterAll(() => test?.close());

/** Every value under `key` anywhere in the document, with where it is. */
function collect(node: unknown, key: string, at = '#', found: [string, unknown][] = []): [string, unknown][] {
  if (node === null || typeof node !== 'object') return found;
  for (const [name, value] of Object.entries(node)) {
    if (name === key) found.push([at, value]);
    collect(value, key, `${at}/${name}`, found);
  }
  return found;
}

/** A schema of the document as a standalone 2020-12 schema: its component references point into `$defs`. */
const standalone = (schema: unknown): Json => ({
  ...(JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as Json),
  $defs: JSON.parse(JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/$defs/')) as Json,
});

const operations = (): [string, string, Json][] =>
  Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => [method, path, operation] as [string, string, Json]),
  );

describe('the document', () => {
  it('is valid for a second, independent validator: the OpenAPI Initiative’s schemas as packaged for npm', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is a valid OpenAPI 3.1 document by the OpenAPI Initiative’s schema', () => {
    // The Initiative's schema is theirs: compiled as written, without our strict mode.
    const oas = new Ajv2020({ strict: false, allErrors: true });
    addFormats(oas);
    const validate = oas.compile(oasSchema);
    const valid = validate(document);
    expect(validate.errors ?? [], 'errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it('holds only valid JSON Schemas (2020-12, strict): components, parameters, bodies and answers', () => {
    const schemas = [
      ...collect(document.paths, 'schema', '#/paths'),
      ...Object.entries(document.components.schemas).map(([name, schema]) => [`#/components/schemas/${name}`, schema] as [string, unknown]),
    ];
    expect(schemas.length).toBeGreaterThan(300);
    for (const [at, schema] of schemas) expect(() => ajv.compile(standalone(schema)), at).not.toThrow();
  });

  it('has patterns that compile without the u flag and mean the same there, and in Python’s re', () => {
    const patterns = collect(document, 'pattern').map(([at, pattern]) => [at, pattern as string] as const);
    expect(patterns.length).toBeGreaterThan(50);
    for (const [at, pattern] of patterns) {
      // \p{…} and \P{…} compile without u, but as the letters p and P: a pattern that says nothing.
      expect(pattern, at).not.toMatch(/\\[pP]\{/);
      expect(() => new RegExp(pattern), at).not.toThrow();
      expect(new RegExp(pattern).source, at).toBe(new RegExp(pattern, 'u').source);
    }
    // 'No control characters' refuses them and lets Cyrillic and Kazakh through, wherever it is compiled.
    const control = patterns.find(([, pattern]) => pattern.includes('\\x00'))![1];
    expect(new RegExp(control).test('Қазақ тілі Ёлка')).toBe(true);
    expect(new RegExp(control).test('a\u0000b')).toBe(false);
    expect(new RegExp(control).test('a\u0085b')).toBe(false);
    const python = spawnSync('python3', ['-c', 'import json, re, sys\nfor p in json.load(sys.stdin): re.compile(p)'], {
      input: JSON.stringify(patterns.map(([, pattern]) => pattern)),
    });
    // Where Python is installed, its re compiles every one (jsonschema and schemathesis use it).
    if (!python.error) expect(python.stderr.toString(), 'python re').toBe('');
  });

  it('describes every operation’s success and its coded failures, input rules included', () => {
    for (const [method, path, operation] of operations()) {
      const responses = operation.responses as Record<string, { content: Record<string, { schema: Json }>; headers?: Json }>;
      // The sign-in form's post answers 303s, to where the app lands or back to the sign-in page (decision 100).
      if (responses['303']) {
        expect(responses['303'].headers?.Location, `${method} ${path}`).toBeDefined();
        expect(responses['403']?.content['application/json']?.schema, `${method} ${path}`).toBeDefined();
        continue;
      }
      expect(responses['200']?.content, `${method} ${path}`).toBeDefined();
      // A route answered in neither: its answer changed since `npm run openapi:responses`, or it answers a file it does not name.
      if (!path.startsWith('/api/dev/'))
        expect(Object.keys(responses['200']!.content), `${method} ${path}`).not.toContain('application/octet-stream');
      expect(responses['422']?.content['application/json']?.schema, `${method} ${path}`).toBeDefined();
      expect(Boolean(responses['401']), `${method} ${path} 401`).toBe(Boolean(operation.security));
    }
    const register = document.paths['/api/front/auth/register'].post.responses;
    expect(register['200'].content['application/json'].schema.properties.data).toMatchObject({
      type: 'object',
      required: ['resendAfterSeconds', 'codeExpiresInSeconds'],
    });
    const failure = register['422'].content['application/json'].schema.properties.error.properties;
    expect(failure.code.enum).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'EMAIL_INVALID']));
    expect(failure.fields.additionalProperties.enum).toEqual(expect.arrayContaining(['EMAIL_INVALID', 'PASSWORD_WEAK', 'REQUIRED']));
    expect(register['409'].content['application/json'].schema.properties.error.properties.code.enum).toContain('EMAIL_IN_USE');
    expect(Object.keys(document.paths['/api/front/analytics/sales/export'].get.responses['200'].content)).toEqual([
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(Object.keys(document.paths['/api/front/marketing/poster'].get.responses['200'].content)).toEqual(['application/pdf']);
  });

  it('states the limits the server enforces: page sizes, lengths, a range’s span', () => {
    const parameter = (path: string, name: string) =>
      (document.paths[path].get.parameters as { name: string; schema: Json }[]).find((item) => item.name === name)!.schema;
    expect(parameter('/api/front/analytics/sales', 'pageSize')).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(parameter('/api/front/supplier/users/list', 'pageSize')).toMatchObject({ type: 'integer', maximum: 100 });
    expect(parameter('/api/front/analytics/sales', 'search')).toMatchObject({ maxLength: 64 });
    expect(parameter('/api/front/analytics/sales', 'from').description).toMatch(/at most 1830 days/);
    const body = document.paths['/api/front/auth/register'].post.requestBody.content['application/json'].schema;
    expect(body.properties.firstName).toMatchObject({ maxLength: 100, minLength: 1 });
    expect(body.properties.email).toMatchObject({ format: 'idn-email', maxLength: 254 });
  });
});

describe('real answers match what the document says', () => {
  const check = (method: string, path: string, status: number, body: unknown, content = 'application/json') => {
    const schema = document.paths[path][method].responses[String(status)].content[content].schema;
    const validate = ajv.compile(standalone(schema));
    expect(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
  };

  it('for the operations a session goes through, successes and failures alike', async () => {
    const token = (await test.login('admin@demo.test')).accessToken;
    const supplierId = (
      (await test.call('GET', '/api/front/supplier/supplier/index', { token })).body.data.supplierItems as {
        supplierId: string;
        name: string;
      }[]
    ).find((item) => item.name === 'Demo Gifts')!.supplierId;
    const calls: [string, string, string, Record<string, unknown>?][] = [
      ['get', '/api/health', '/api/health'],
      ['get', '/api/front/user/account/get-info', '/api/front/user/account/get-info'],
      ['get', '/api/front/supplier/supplier/index', '/api/front/supplier/supplier/index'],
      ['get', '/api/front/supplier/supplier/info', `/api/front/supplier/supplier/info?supplierId=${supplierId}`],
      ['get', '/api/front/supplier/users/list', `/api/front/supplier/users/list?supplierId=${supplierId}`],
      ['get', '/api/front/supplier/catalogue/list', `/api/front/supplier/catalogue/list?supplierId=${supplierId}`],
      ['get', '/api/front/analytics/sales', `/api/front/analytics/sales?supplierId=${supplierId}`],
      ['get', '/api/front/analytics/redemption/summary', `/api/front/analytics/redemption/summary?supplierId=${supplierId}`],
      ['get', '/api/front/analytics/dashboard', `/api/front/analytics/dashboard?supplierId=${supplierId}`],
      ['get', '/api/front/analytics/liability', `/api/front/analytics/liability?supplierId=${supplierId}`],
      ['get', '/api/front/widgets/products', `/api/front/widgets/products?supplierId=${supplierId}`],
      ['get', '/api/front/content/{document}', '/api/front/content/offer?language=en'],
      ['post', '/api/front/redemption/check', '/api/front/redemption/check', { supplierId, number: '7000000000000021', pin: '222222' }],
      ['post', '/api/front/redemption/check', '/api/front/redemption/check', { supplierId, number: '7000000000000021', pin: '000000' }],
    ];
    for (const [method, documented, url, body] of calls) {
      const answer = await test.call(method.toUpperCase(), url, { token, ...(body && { body }) });
      expect(answer.status, `${url}: ${answer.text}`).toBe(200);
      check(method, documented, 200, answer.body);
    }
    const refused = await test.call('POST', '/api/front/auth/register', { body: { email: 'ёлка@пример' } });
    check('post', '/api/front/auth/register', refused.status, refused.body);
    const signedOut = await test.call('GET', `/api/front/analytics/sales?supplierId=${supplierId}`);
    check('get', '/api/front/analytics/sales', signedOut.status, signedOut.body);
  });
});
