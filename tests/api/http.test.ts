import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Logger } from '../../server/lib/log';
import { DEMO_PASSWORD, type TestApp } from './support/app';
import { createAuthTestApp, expectError, expectSafeAnswer } from './support/auth';

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

/** Every operation, with the fields its input must describe (`?`: optional). */
const OPERATIONS: [method: string, path: string, input: 'body' | 'query' | 'none', fields: string[], auth: boolean][] = [
  ['post', '/api/front/auth/login', 'body', ['email', 'password'], false],
  ['post', '/api/front/auth/refresh', 'body', ['refreshToken'], false],
  ['post', '/api/front/auth/register', 'body', ['firstName', 'secondName', 'email', 'phone', 'password', 'region', 'language'], false],
  ['post', '/api/front/auth/register-confirm', 'body', ['verifyCode', 'email', 'region'], false],
  ['post', '/api/front/auth/reset-password', 'body', ['email', 'region'], false],
  ['post', '/api/front/auth/reset-password-confirm', 'body', ['email', 'verifyCode', 'region'], false],
  ['post', '/api/front/auth/change-password', 'body', ['currentPassword?', 'password', 'repeatPassword'], true],
  ['post', '/api/front/auth/resend-confirm-email', 'body', ['email', 'region'], false],
  ['post', '/api/front/auth/logout', 'none', [], true],
  ['get', '/api/front/auth/auth-correction', 'query', ['email', 'token'], false],
  ['post', '/api/front/auth/auth-correction', 'body', ['email', 'token', 'password', 'repeatPassword'], false],
  ['get', '/api/front/user/account/get-info', 'none', [], true],
  ['get', '/api/front/user/account/get-settings', 'none', [], true],
  ['post', '/api/front/user/account/set-info', 'body', ['firstName', 'secondName', 'phone'], true],
  ['post', '/api/front/user/account/set-settings', 'body', ['preferredLanguage', 'preferredColor?'], true],
  ['get', '/api/front/supplier/supplier/index', 'none', [], true],
];

const expectSecurityHeaders = (headers: Headers) => {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toBeDefined();
  expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
  expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('DENY');
};

describe('security headers', () => {
  it.each([
    ['a success', 'GET', '/api/health'],
    ['a failure', 'GET', '/api/front/user/account/get-info'],
    ['an unknown path', 'GET', '/api/nothing-here'],
    ['the reference page', 'GET', '/api/docs'],
    ['a page outside the API', 'GET', '/login'],
  ])('are on %s', async (_name, method, path) => {
    expectSecurityHeaders((await test.call(method, path)).headers);
  });

  it('are on an answer with a session', async () => {
    const { accessToken } = await test.login('admin@demo.test');
    expectSecurityHeaders((await test.call('GET', '/api/front/user/account/get-info', { token: accessToken })).headers);
  });
});

describe('request handling', () => {
  it('answers health once the database is ready', async () => {
    const response = await test.call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { status: 'ok' } });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/front/auth/unknown'],
    ['DELETE', '/api/front/nothing/x/y'],
  ])('answers 404 NOT_FOUND for %s %s', async (method, path) => {
    const response = await test.call(method, path);
    expectError(response, 404, 'NOT_FOUND');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each([
    ['GET', '/api/front/auth/login', 'POST'],
    ['DELETE', '/api/front/auth/login', 'POST'],
    ['POST', '/api/health', 'GET, HEAD'],
    ['PUT', '/api/front/content/offer', 'GET, HEAD'],
  ])('answers 405 METHOD_NOT_ALLOWED with Allow for %s %s, a path that exists with other methods', async (method, path, allow) => {
    const response = await test.call(method, path);
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).toBe(allow);
  });

  it('refuses malformed JSON with 400 MALFORMED_JSON', async () => {
    const body = `{"email":"admin@demo.test","password":"${DEMO_PASSWORD}"`;
    const response = await test.call('POST', '/api/front/auth/login', { body });
    expectError(response, 400, 'MALFORMED_JSON');
    expect(response.text).not.toContain(DEMO_PASSWORD);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415',
    async (type) => {
      const body = 'email=admin%40demo.test&password=Demo1234';
      const response = await test.call('POST', '/api/front/auth/login', {
        body,
        headers: { 'content-type': type, 'content-length': String(body.length) },
      });
      expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('takes JSON with a charset', async () => {
    const body = JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD });
    const response = await test.call('POST', '/api/front/auth/login', {
      body,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413, with or without a declared length', async () => {
    const body = JSON.stringify({ email: 'admin@demo.test', password: 'x'.repeat(70 * 1024) });
    const declared = await test.call('POST', '/api/front/auth/login', { body, headers: { 'content-length': String(body.length) } });
    expectError(declared, 413, 'PAYLOAD_TOO_LARGE');
    const undeclared = await test.call('POST', '/api/front/auth/login', { body });
    expectError(undeclared, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('hides an unexpected failure behind SERVER_ERROR, with no stack trace, and logs it', async () => {
    const logged: string[] = [];
    const log: Logger = { info() {}, warn() {}, error: (message, fields) => logged.push(`${message} ${JSON.stringify(fields)}`) };
    const failure = new Error('connection to db-secret-host:5432 refused');
    const db = new Proxy(test.deps.db, {
      get: (target, name, receiver) => (name === 'execute' ? () => Promise.reject(failure) : Reflect.get(target, name, receiver)),
    });
    const app = createApp({ ...test.deps, db, log });
    const response = await app.request('/api/health');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'SERVER_ERROR', message: 'Server Error' } });
    expect(text).not.toContain('db-secret-host');
    expect(logged.join('\n')).toContain('db-secret-host');
    expect(logged.join('\n')).toMatch(/\bat /);
  });
});

describe('the answer check every auth and account test runs', () => {
  const answer = (status: number, error: object) => {
    const text = JSON.stringify({ error });
    return { status, headers: new Headers({ 'content-type': 'application/json' }), body: JSON.parse(text), text };
  };

  it('passes a clean failure', () => {
    expect(() =>
      expectSafeAnswer(answer(422, { code: 'VALIDATION_ERROR', message: 'Validation error' }), { password: 'Secret123' }),
    ).not.toThrow();
  });

  it.each([
    ['a stack trace', answer(400, { code: 'BAD_REQUEST', message: 'Error: x\n    at handler (/app/server/http/x.ts:10:5)' }), undefined],
    ['an echoed password', answer(422, { code: 'VALIDATION_ERROR', message: 'Secret123 is weak' }), { password: 'Secret123' }],
    [
      'an echoed repeat',
      answer(422, { code: 'VALIDATION_ERROR', message: 'x', fields: { Secret123: 'REQUIRED' } }),
      { repeatPassword: 'Secret123' },
    ],
    ['a code outside the catalogue', answer(400, { code: 'OOPS', message: 'x' }), undefined],
    ["a status that is not the code's", answer(400, { code: 'NOT_FOUND', message: 'x' }), undefined],
    ['a server error', answer(500, { code: 'SERVER_ERROR', message: 'Server Error' }), undefined],
  ])('catches %s', (_name, response, sent) => {
    expect(() => expectSafeAnswer(response, sent)).toThrow();
  });
});

describe('OpenAPI description', () => {
  let document: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  beforeAll(async () => {
    const response = await test.call('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
  });

  it('is OpenAPI 3.1 with the error shape and a bearer scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toContain('VALIDATION_ERROR');
  });

  it.each(OPERATIONS)('describes %s %s with its input', (method, path, input, fields, auth) => {
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation.summary).toEqual(expect.any(String));
    expect(Boolean(operation.security), 'needs a bearer token').toBe(auth);
    if (input === 'body') {
      const schema = operation.requestBody.content['application/json'].schema;
      expect(Object.keys(schema.properties).sort()).toEqual(fields.map((field) => field.replace('?', '')).sort());
      expect([...schema.required].sort()).toEqual(fields.filter((field) => !field.endsWith('?')).sort());
    } else {
      expect(operation.requestBody).toBeUndefined();
    }
    if (input === 'query') {
      expect(operation.parameters).toEqual(fields.map((name) => expect.objectContaining({ name, in: 'query', required: true })));
    }
  });

  it("lists redeem's Idempotency-Key as a required header parameter with its rules", () => {
    expect(document.paths['/api/front/redemption/redeem'].post.parameters).toEqual([
      {
        name: 'idempotency-key',
        in: 'header',
        required: true,
        schema: expect.objectContaining({ type: 'string', maxLength: 255, pattern: expect.any(String) }),
      },
    ]);
  });

  it('carries the field rules of the schemas', () => {
    const register = document.paths['/api/front/auth/register'].post.requestBody.content['application/json'].schema;
    // Internationalised addresses are taken (decision 082): JSON Schema's idn-email.
    expect(register.properties.email).toMatchObject({ type: 'string', format: 'idn-email', maxLength: 254 });
    expect(register.properties.password).toMatchObject({ minLength: 8 });
    expect(register.properties.region.enum).toEqual(['ru', 'by', 'kz', 'es']);
  });
});

describe('GET /api/docs', () => {
  it('renders a reference page of every operation, without scripts', async () => {
    const response = await test.call('GET', '/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.text).toMatch(/^<!doctype html>/i);
    for (const [method, path] of OPERATIONS)
      expect(response.text).toMatch(new RegExp(`${method.toUpperCase()}</span>\\s*<code>${path}</code>`));
    expect(response.text).not.toMatch(/<script/i);
    expect(response.text).not.toMatch(/\sstyle=|\son\w+=/i);
  });

  it('serves its style sheet', async () => {
    const response = await test.call('GET', '/api/docs.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
  });
});
