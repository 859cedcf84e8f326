import { randomBytes, randomUUID } from 'node:crypto';
import { isErrorCode } from '@contract/errors';
import fc from 'fast-check';
import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import type { Logger } from '../../server/lib/log';
import { startSession } from '../../server/modules/auth/tokens';
import { DEMO_CERTIFICATES } from '../../server/seed';
import { createTestApp, userByEmail, type TestApp } from './support/app';
import { supplierIdOf } from './support/users';

/**
 * Bad input never reaches a 500 (decision 2): every endpoint listed in /api/openapi.json gets
 * malformed JSON, wrong types, missing, extra, huge and odd strings, unknown
 * enum values, bad header parameters, wrong content types and bad tokens. Every answer must be below
 * 500, in the `{ error: { code, message } }` shape with a catalogue code, free of
 * stack traces, and must never contain a password we sent.
 */

// Upper, lower and digits, so a password built around it passes the strength rules.
const MARKER = 'Qz7PassMarkerK9';
const PASSWORD = `Aa1-${MARKER}`;
const MIN_CASES = 1_000;

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  /** A variant (valibot's `v.variant`): one object schema per case. */
  oneOf?: JsonSchema[];
  /** An intersection (valibot's `v.intersect`): all of the parts at once. */
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  auth: boolean;
  /** Authenticated by a company's API key (the register API, decision 093). */
  companyKey: boolean;
  body?: JsonSchema;
  params: Parameter[];
  query: Parameter[];
  headers: Parameter[];
}

type TokenKind = 'none' | 'admin' | 'staff' | 'fresh' | { header: string };

interface Case {
  label: string;
  method: string;
  path: string;
  /** The operation as the document names it (its path with `{param}`), to count statuses per operation. */
  operation?: string;
  query?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /** null: no Content-Type at all. */
  contentType?: string | null;
  /** Chunked: no Content-Length, so the body limit must count the stream. */
  chunked?: boolean;
  token?: TokenKind;
  headers?: Record<string, string>;
  /** Where the answer is certain: the statuses allowed, and the field that must carry a code. */
  expectStatus?: number[];
  expectField?: string;
  expectFieldCode?: string | string[];
}

const KNOWN_PATHS = [
  'post /api/front/auth/login',
  'post /api/front/auth/refresh',
  'post /api/front/auth/register',
  'post /api/front/auth/register-confirm',
  'post /api/front/auth/resend-confirm-email',
  'post /api/front/auth/reset-password',
  'post /api/front/auth/reset-password-confirm',
  'post /api/front/auth/change-password',
  'post /api/front/auth/logout',
  'get /api/front/auth/auth-correction',
  'get /api/front/user/account/get-info',
  'get /api/front/user/account/get-settings',
  'post /api/front/user/account/set-info',
  'post /api/front/user/account/set-settings',
  'get /api/front/supplier/supplier/index',
  'post /api/front/redemption/redeem',
  'post /api/front/supplier/supplier/create',
  'post /api/front/supplier/supplier/update',
  'post /api/front/supplier/supplier/cancel-create',
  'post /api/front/supplier/legal-data/add',
  'post /api/front/supplier/bank-account/add',
  'get /api/front/supplier/bank/bik',
  'get /api/front/supplier/supplier/info',
  'get /api/front/supplier/supplier/general-info',
  'post /api/front/supplier/supplier/submit',
  'get /api/front/supplier/contract/download-accepted-offer',
  'get /api/admin/suppliers',
  'get /api/admin/suppliers/waiting',
  'get /api/admin/suppliers/{supplierId}',
  'post /api/admin/suppliers/{supplierId}/approve',
  'post /api/admin/suppliers/{supplierId}/reject',
  'get /api/admin/suppliers/{supplierId}/offer',
  'get /api/front/supplier/users/list',
  'get /api/front/supplier/users/info',
  'post /api/front/supplier/users/add',
  'post /api/front/supplier/users/roles',
  'post /api/front/supplier/users/block',
  'post /api/front/supplier/users/unblock',
  'post /api/front/supplier/users/resend-invitation',
  'get /api/front/invitation/check',
  'get /api/front/site',
  'post /api/front/invitation/accept',
  'get /api/front/supplier/catalogue/list',
  'get /api/front/supplier/catalogue/info',
  'post /api/front/supplier/catalogue/create',
  'post /api/front/supplier/catalogue/save',
  'post /api/front/supplier/catalogue/submit',
  'get /api/admin/products',
  'get /api/admin/products/{productId}',
  'post /api/admin/products/{productId}/save',
  'post /api/admin/products/{productId}/finish',
  'post /api/admin/products/{productId}/reset',
  'post /api/front/supplier/catalogue/images/upload',
  'post /api/front/supplier/catalogue/images/order',
  'post /api/front/supplier/catalogue/images/delete',
  'get /api/media/product-images/{imageId}/full',
  'get /api/media/product-images/{imageId}/thumb',
  'get /api/front/analytics/sales',
  'get /api/front/analytics/sales/summary',
  'get /api/front/analytics/sales/export',
  'post /api/front/analytics/sales/email',
  'get /api/front/analytics/redemption',
  'get /api/front/analytics/redemption/summary',
  'get /api/front/analytics/redemption/export',
  'post /api/front/analytics/redemption/email',
  'get /api/front/analytics/liability',
  'get /api/front/analytics/dashboard',
  'get /api/front/widgets/list',
  'get /api/front/widgets/info',
  'get /api/front/widgets/products',
  'post /api/front/widgets/add',
  'post /api/front/widgets/edit',
  'post /api/front/widgets/status',
  'get /api/front/content/{document}',
  'get /api/front/content/{document}/pdf',
  'get /api/front/content/{document}/screens/{name}',
  'get /api/front/marketing/products',
  'get /api/front/marketing/poster',
];

/** The reports that answer JSON: with the demo company named, their odd filters reach the queries (issue 13). */
const REPORT_PAGES = new Set(
  ['sales', 'sales/summary', 'redemption', 'redemption/summary', 'liability', 'dashboard'].map((path) => `/api/front/analytics/${path}`),
);
const ODD_RANGES: [string, string][] = [
  ['2000-01-01', '2004-12-31'],
  ['2026-10-25', '2026-10-25'],
  ['2024-02-29', '2024-03-01'],
  ['2099-12-31', '2099-12-31'],
];

/** Codes a missing field may carry: REQUIRED, or the field's own word for "empty" (the tax id, the legal type). */
const MISSING_CODES = ['REQUIRED', 'TIN_EMPTY', 'LEGAL_TYPE_NOT_SET'];

/**
 * Of a variant body, its first case (e.g. the RU company); of an intersection (a product and the step
 * saved), its parts as one object: the one the table fills in and takes apart.
 */
const objectSchema = (schema: JsonSchema): JsonSchema => {
  if (schema.properties) return schema;
  if (schema.oneOf?.[0]) return objectSchema(schema.oneOf[0]);
  const parts = (schema.allOf ?? []).map(objectSchema);
  if (!parts.length) return schema;
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties)),
    required: parts.flatMap((part) => part.required ?? []),
  };
};

/** Calls that end or change the caller's login: they get a session of their own each time. */
const SESSION_ENDING = new Set(['/api/front/auth/logout', '/api/front/auth/change-password']);

const STACK_TRACE = [/\n\s+at\s/, /\bat [\w$.<>]+ \(/, /\.(ts|js|mjs|cjs):\d+/, /\bError:/, /node_modules/];

const WRONG_TYPES: unknown[] = [0, -1, 1.5, 1e308, true, false, null, [], ['a', 'b'], {}, { a: { b: { c: [1] } } }, '', ' ', '\t\n'];

const ODD_STRINGS: string[] = [
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  'line\r\nX-Injected: 1',
  '😀'.repeat(50),
  'Ω≈ç√∫˜µ≤≥÷',
  'مرحبا بالعالم',
  '\u202Eevil',
  'e\u0301\u0302\u0303',
  '\uFEFF',
  '\u200B\u200C\u200D',
  '\ud800',
  'x\udfffy',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '%00%0a',
  '../../../etc/passwd',
  'a'.repeat(10_000),
  'é'.repeat(5_000),
  ' '.repeat(1_000),
];

const MALFORMED_JSON: string[] = [
  '{',
  '}',
  '{"email":',
  "{'email': 'a@b.c'}",
  '[1, 2',
  'nul',
  'undefined',
  'NaN',
  '{"email": "a@b.c",}',
  '{"email": "a" "b"}',
  '{"a":1}{"b":2}',
  `{"password": "${MARKER}`,
  `{"password": ${MARKER}}`,
  '\u0000',
  '\uFEFF{}',
  '['.repeat(5_000),
  '{"a":' + '['.repeat(3_000) + ']'.repeat(3_000) + '}',
  '"\\ud800"',
  '{"email": "\\u00"}',
];

const WHOLE_BODIES: unknown[] = [0, -1, 1e308, 'a string', MARKER, true, false, null, [], [{}], {}, { '': '' }];

const isPasswordField = (name: string) => /password/i.test(name);
/** What a Fetch header value may hold at all (bytes, no NUL or line breaks, no outer blanks): the rest cannot be sent. */
const isHeaderValue = (value: string) => /^[^\s\0][^\0\r\n]*(?<!\s)$/.test(value) && [...value].every((char) => char.charCodeAt(0) <= 0xff);

describe('bad input on every endpoint', () => {
  let test: TestApp;
  let operations: Operation[];
  let adminToken: string;
  /** Marketplace staff, so that the admin area's calls get past the 403 to their validation. */
  let staffToken: string;
  let accountantId: string;
  /** A real product, so that partner orders get past the product check to the database. */
  let productId: string;
  /** The demo company the admin runs, so that report filters get past the membership check to the queries. */
  let demoSupplierId: string;
  let bodyLimit: number;
  /** The partner API's key, when the server has one, so its calls reach validation too. */
  let partnerApiKey: string | undefined;
  /**
   * A company API key with every scope per register API operation, so that its calls reach validation too, each with
   * its own budget of failed lookups (decision 093).
   */
  const companyKeys = new Map<string, string>();
  let serial = 0;
  let requests = 0;
  const failures: string[] = [];
  /** Statuses seen per operation of the table, to show the cases got past the door. */
  const statuses = new Map<string, Map<number, number>>();
  const loggedErrors: string[] = [];
  const invalidHeaders: string[] = [];

  const log: Logger = {
    info() {},
    warn() {},
    error(message, fields) {
      loggedErrors.push(`${message} ${JSON.stringify(fields)}`);
    },
  };

  /** A value that passes the field's rules, unique per call where that matters (e-mails). */
  const sample = (name: string, schema: JsonSchema): unknown => {
    serial += 1;
    if (isPasswordField(name)) return PASSWORD;
    if (schema.enum) return schema.enum[0];
    if (schema.const !== undefined) return schema.const;
    if (schema.format === 'email' || /e-?mail|^to$/i.test(name)) return `fuzz${serial}@example.test`;
    if (schema.format === 'uuid') return randomUUID();
    if (name === 'idempotency-key') return `fuzz-key-${serial}`;
    const byName: Record<string, unknown> = {
      firstName: 'Fuzz',
      secondName: 'Tester',
      phone: '+7 900 000-00-00',
      verifyCode: '123456',
      refreshToken: 'not-a-real-refresh-token',
      token: 'not-a-real-link-token',
      preferredColor: '#123456',
      productId,
      // Valid company data (issue 10), so that fields are judged one by one.
      tin: '7707083893',
      webSite: 'https://fuzz.example.test',
      bik: '044525225',
      checkingAccount: '40702810438000034726',
      reason: 'Fuzzed reason',
      // A company's people (issue 11): a role to give, and paging as a query string carries it.
      roles: ['roleRedeemer'],
      page: '1',
      pageSize: '20',
      // The catalogue (issue 12): a product's links, and list filters left empty ("any").
      website: 'https://fuzz.example.test',
      linkByCode: 'https://fuzz.example.test/{code}',
      expectedActivationDate: '',
      supplierId: '',
      status: '',
      country: '',
      productType: '',
    };
    if (name in byName) return byName[name];
    if (schema.type === 'number' || schema.type === 'integer') return 1;
    if (schema.type === 'boolean') return true;
    if (schema.type === 'array') return [];
    if (schema.type === 'object') return schema.properties ? validBody(schema) : {};
    return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  };

  function validBody(schema: JsonSchema): Record<string, unknown> {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, sample(name, field)]));
  }

  /** The operation's path with each `{param}` given a valid value, or the values of `values`. */
  const pathOf = (op: Operation, values: Record<string, string> = {}): string =>
    op.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
      const param = op.params.find((candidate) => candidate.name === name)!;
      // A certificate's number in a path (the register API's history) is a real one: the cases about other parts get past the lookup.
      const value = values[name] ?? (name === 'number' ? DEMO_CERTIFICATES[0]!.number : String(sample(name, param.schema)));
      return value.isWellFormed() ? encodeURIComponent(value) : '%ED%A0%80'; // a lone surrogate: its bytes raw
    });

  const validQuery = (op: Operation): Record<string, string> =>
    Object.fromEntries(op.query.map((param) => [param.name, String(sample(param.name, param.schema))]));

  const validHeaders = (op: Operation): Record<string, string> =>
    Object.fromEntries(op.headers.map((param) => [param.name, String(sample(param.name, param.schema))]));

  /** Wherever a password goes, the marker goes, so an echo would show. */
  const withMarker = (name: string, value: unknown): unknown => {
    if (!isPasswordField(name)) return value;
    if (typeof value === 'string') return value + MARKER;
    if (Array.isArray(value)) return [...value, MARKER];
    if (value && typeof value === 'object') return { ...value, marker: MARKER };
    return value;
  };

  const freshToken = async () => (await startSession(test.database.db, test.deps, accountantId)).accessToken;

  const authorization = async (kind: TokenKind | undefined): Promise<string | undefined> => {
    if (kind === undefined || kind === 'none') return undefined;
    if (kind === 'admin') return `Bearer ${adminToken}`;
    if (kind === 'staff') return `Bearer ${staffToken}`;
    if (kind === 'fresh') return `Bearer ${await freshToken()}`;
    return kind.header;
  };

  const encodeQuery = (params: Record<string, string | string[] | undefined>) => {
    const encode = (value: string) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return '%ED%A0%80'; // a lone surrogate cannot be encoded; send its bytes raw
      }
    };
    return Object.entries(params)
      .flatMap(([name, value]) =>
        (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((item) => `${encode(name)}=${encode(item)}`),
      )
      .join('&');
  };

  const check = (c: Case, status: number, contentType: string, text: string) => {
    const problems: string[] = [];
    if (status >= 500) problems.push(`status ${status}`);
    if (text.includes(MARKER)) problems.push('echoes the password');
    for (const pattern of STACK_TRACE) if (pattern.test(text)) problems.push(`stack-trace text ${pattern}`);
    if (c.expectStatus && !c.expectStatus.includes(status)) problems.push(`expected ${c.expectStatus.join('/')}`);
    // A public file (a document's PDF or image) answers a request that is fine after all with the file itself.
    const fileAnswer = status < 400 && /^(application\/pdf|image\/png)/.test(contentType);
    if (c.method !== 'HEAD' && !fileAnswer) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push('body is not JSON');
      }
      if (!/^application\/json/.test(contentType)) problems.push(`content-type ${contentType}`);
      if (status >= 400) {
        const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined)?.error;
        if (!error || !isErrorCode(error.code) || typeof error.message !== 'string') problems.push('not the error shape');
        if (error?.fields !== undefined) {
          const fields = error.fields as Record<string, unknown>;
          if (typeof fields !== 'object' || !Object.values(fields).every(isErrorCode)) problems.push('fields are not catalogue codes');
        }
        if (c.expectField && !isErrorCode((error?.fields as Record<string, unknown> | undefined)?.[c.expectField])) {
          problems.push(`no code for the field ${c.expectField}`);
        }
        const fieldCode = (error?.fields as Record<string, unknown> | undefined)?.[c.expectField ?? ''];
        const expectedCodes = [c.expectFieldCode ?? []].flat();
        if (expectedCodes.length && !expectedCodes.includes(String(fieldCode)))
          problems.push(`field code ${String(fieldCode)}, not ${expectedCodes.join(' or ')}`);
      } else if (!body || typeof body !== 'object' || !('data' in body)) {
        problems.push('success without data');
      }
    }
    if (problems.length) failures.push(`${c.label} → ${status} ${problems.join(', ')}: ${text.slice(0, 300)}`);
  };

  const send = async (c: Case): Promise<number> => {
    requests += 1;
    const headers: Record<string, string> = {
      // Each request from its own address, so the per-address limits do not hide validation.
      'x-forwarded-for': `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
      ...(partnerApiKey && { 'x-api-key': partnerApiKey }),
      ...c.headers,
    };
    const auth = await authorization(c.token);
    if (auth !== undefined) headers.authorization = auth;
    let body: Uint8Array<ArrayBuffer> | undefined;
    // GET and HEAD cannot carry a body: a wrong-method case sends the call without one.
    if (c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD') {
      body = typeof c.body === 'string' ? new TextEncoder().encode(c.body) : c.body;
      if (c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json';
      // In-process requests carry no length of their own; a real client sends one.
      if (c.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(body.byteLength);
    }
    const url = `http://localhost${c.path}${c.query === undefined ? '' : `?${c.query}`}`;
    const errorsBefore = loggedErrors.length;
    let status: number;
    try {
      const response = await test.app.request(url, { method: c.method, headers, body });
      status = response.status;
      const operation = c.operation ?? `${c.method} ${c.path}`;
      const seen = statuses.get(operation) ?? new Map<number, number>();
      statuses.set(operation, seen.set(status, (seen.get(status) ?? 0) + 1));
      check(c, status, response.headers.get('content-type') ?? '', await response.text());
    } catch (error) {
      failures.push(`${c.label} → threw ${String(error)}`);
      return 0;
    }
    if (loggedErrors.length > errorsBefore)
      failures.push(`${c.label} → logged ${loggedErrors.slice(errorsBefore).join(' | ').slice(0, 300)}`);
    // A call that succeeded with the admin's token may have ended that login: sign in again if so.
    if (c.token === 'admin' && status < 400) {
      const probe = await test.call('GET', '/api/front/user/account/get-info', { token: adminToken });
      if (probe.status === 401) adminToken = (await test.login('admin@demo.test')).accessToken;
    }
    return status;
  };

  const bodyToken = (op: Operation): TokenKind =>
    op.companyKey
      ? { header: `Bearer ${companyKeys.get(`${op.method} ${op.path}`)}` }
      : !op.auth
        ? 'none'
        : SESSION_ENDING.has(op.path)
          ? 'fresh'
          : op.path.startsWith('/api/admin/')
            ? 'staff'
            : 'admin';
  const json = (value: unknown) => JSON.stringify(value);

  /** The deterministic table: every kind of bad input for every operation. */
  function table(): Case[] {
    const cases: Case[] = [];
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      const token = bodyToken(op);
      const base = (): Case => ({
        label: name,
        method: op.method,
        path: pathOf(op),
        operation: name,
        token,
        ...(op.query.length && { query: encodeQuery(validQuery(op)) }),
        ...(op.body && { body: json(validBody(op.body)) }),
        headers: validHeaders(op),
      });
      const add = (label: string, changes: Partial<Case>) => cases.push({ ...base(), ...changes, label: `${name} [${label}]` });

      // Tokens: missing, malformed, forged, expired, revoked, and the real ones.
      if (op.auth || op.companyKey) {
        const tokens: [string, TokenKind][] = [
          ['no token', 'none'],
          // A person's token is no company key: refused like the invalid ones.
          ['fresh token', 'fresh'],
          ...invalidHeaders.map((header, index): [string, TokenKind] => [`invalid token ${index}`, { header }]),
        ];
        for (const [label, kind] of tokens)
          add(label, { token: kind, ...((kind !== 'fresh' || op.companyKey) && { expectStatus: [401] }) });
      } else {
        for (const header of invalidHeaders.slice(0, 3)) add('needless bad token', { token: { header } });
      }

      // Wrong methods (none the path serves as another operation) and stray query strings.
      const served = new Set(operations.filter((other) => other.path === op.path).map((other) => other.method));
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => !served.has(m))) {
        add(`method ${method}`, { method, expectStatus: [404, 405] });
      }
      add('unknown query', { query: 'a=1&b=%ZZ&__proto__=x&c[]=1' });
      add('long query', { query: `q=${'x'.repeat(10_000)}` });
      add('broken query', { query: '%E0%A4%A&=&&=x&%' });

      if (op.body) {
        const schema = op.body;
        const fields = Object.entries(schema.properties ?? {});
        const invalid = fields.length ? [400, 422] : undefined;
        for (const text of MALFORMED_JSON) add(`malformed ${json(text.slice(0, 20))}`, { body: text, expectStatus: invalid });
        add('empty body', { body: '', expectStatus: invalid });
        for (const whole of WHOLE_BODIES) add(`whole body ${json(whole)}`, { body: json(whole), expectStatus: invalid });
        add('whole body nested', { body: json({ data: validBody(schema) }), expectStatus: invalid });
        add('whole body array', { body: json([validBody(schema)]), expectStatus: invalid });
        add('extra field', { body: json({ ...validBody(schema), unknownField: 'x' }) });
        add('many extra fields', {
          body: json({ ...validBody(schema), ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`extra${i}`, i])) }),
        });
        add('__proto__ field', { body: `{"__proto__": {"isAdmin": true}, ${json(validBody(schema)).slice(1)}` });
        add('duplicate keys', {
          body: `{${fields.map(([field]) => `"${field}": 1`).join(',')}${fields.length ? ',' : ''}${json(validBody(schema)).slice(1)}`,
        });
        add('constructor field', { body: json({ ...validBody(schema), constructor: { prototype: { x: 1 } } }) });
        add('lone surrogate in a key', { body: json({ ...validBody(schema), '\ud800': 'x' }), expectStatus: [422], expectField: '\ufffd' });
        add('lone surrogate deep in an extra field', {
          body: json({ ...validBody(schema), extra: { list: ['ok', 'x\udc00'] } }),
          expectStatus: [422],
          expectField: 'extra.list.1',
        });

        // Content types.
        const contentTypes: (string | null)[] = [
          null,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/jsonx',
          'application/vnd.api+json',
          'APPLICATION/JSON',
          'application/json; charset=utf-16',
          'application/json;;;',
          'text/json',
        ];
        const isJson = (type: string | null) => type !== null && /^application\/json\s*(;|$)/i.test(type);
        for (const contentType of contentTypes)
          add(`content-type ${contentType}`, { contentType, ...(!isJson(contentType) && { expectStatus: [415] }) });
        add('form body', {
          contentType: 'application/x-www-form-urlencoded',
          body: `email=a%40b.c&password=${MARKER}`,
          expectStatus: [415],
        });
        add('binary body', { body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x80, 0xc3, 0x28]) });

        // Sizes around the body limit, counted from the header and from the stream.
        const padTo = (size: number) => {
          const [first] = fields;
          const skeleton = json({ ...validBody(schema), [first?.[0] ?? 'pad']: '' });
          return json({ ...validBody(schema), [first?.[0] ?? 'pad']: 'a'.repeat(size - skeleton.length) });
        };
        add('body just under the limit', { body: padTo(bodyLimit - 10) });
        add('body at the limit + 1', { body: padTo(bodyLimit + 1), expectStatus: [413] });
        add('body of 1 MiB', { body: padTo(1024 * 1024), expectStatus: [413] });
        add('chunked body over the limit', { body: padTo(bodyLimit * 2), chunked: true, expectStatus: [413] });
        add('chunked body under the limit', { body: json(validBody(schema)), chunked: true });

        // Each field: missing, wrong types, odd strings, unknown enum values.
        for (const [field, fieldSchema] of fields) {
          const withField = (value: unknown) => json({ ...validBody(schema), [field]: withMarker(field, value) });
          const { [field]: _removed, ...rest } = validBody(schema);
          // Where the answer is certain: a required field that is missing, a text field given no text.
          const refused = { expectStatus: [422], expectField: field };
          const isText = fieldSchema.type === 'string';
          const needsText = isText && ((fieldSchema.minLength ?? 0) > 0 || Boolean(fieldSchema.enum));
          add(`${field} missing`, {
            body: json(rest),
            ...(schema.required?.includes(field) && { ...refused, expectFieldCode: MISSING_CODES }),
          });
          for (const value of WRONG_TYPES) {
            // Blank but not empty may be a value for a field that does not trim (opaque tokens): no certainty there.
            const certain = isText && (typeof value !== 'string' || (needsText && !isPasswordField(field) && value === ''));
            add(`${field} = ${json(value)}`, { body: withField(value), ...(certain && refused) });
          }
          add(`${field} nested`, { body: withField({ value: sample(field, fieldSchema) }), ...(isText && refused) });
          add(`${field} in an array`, { body: withField([sample(field, fieldSchema)]), ...(isText && refused) });
          // Text that is not well-formed Unicode (a lone surrogate) is refused at the edge, naming the field.
          for (const [index, value] of ODD_STRINGS.entries())
            add(`${field} odd string ${index}`, { body: withField(value), ...(!value.isWellFormed() && refused) });
          const valid = sample(field, fieldSchema);
          if (typeof valid === 'string') {
            add(`${field} padded`, { body: withField(` ${valid} `) });
            add(`${field} with NUL`, { body: withField(`${valid}\u0000`) });
            add(`${field} upper case`, { body: withField(valid.toUpperCase()) });
            add(`${field} 10 000 times`, { body: withField(valid.repeat(Math.ceil(10_000 / valid.length))) });
          }
          if (fieldSchema.enum) {
            const first = String(fieldSchema.enum[0]);
            for (const value of [
              'xx',
              'ru_RU',
              '*',
              `${first} `,
              `${first}\u0000`,
              first.toUpperCase(),
              first.slice(0, -1),
              `${first},${first}`,
            ]) {
              add(`${field} unknown value ${json(value)}`, { body: withField(value), ...refused });
            }
          }
        }
      }

      // Each header parameter (the redeem call's Idempotency-Key): missing, empty, too long, characters it may not hold.
      for (const param of op.headers) {
        const withHeader = (value: string | undefined) => {
          const { [param.name]: _valid, ...others } = validHeaders(op);
          return value === undefined ? others : { ...others, [param.name]: value };
        };
        const refused = (code: string) => ({ expectStatus: [400, 422], expectField: param.name, expectFieldCode: code });
        const tooLong = 'k'.repeat((param.schema.maxLength ?? 255) + 1);
        add(`${param.name} missing`, { headers: withHeader(undefined), ...(param.required && refused('REQUIRED')) });
        add(`${param.name} empty`, { headers: withHeader(''), ...refused('REQUIRED') });
        add(`${param.name} one too long`, { headers: withHeader(tooLong), ...refused('TOO_LONG') });
        add(`${param.name} huge`, { headers: withHeader('k'.repeat(10_000)), ...refused('TOO_LONG') });
        for (const value of ['a key', 'a\tkey', 'clé', '\u00ff\u0080', 'key\u007f', 'two, keys'])
          add(`${param.name} bad characters ${json(value)}`, { headers: withHeader(value), ...refused('WRONG_TYPE') });
        for (const [index, value] of ODD_STRINGS.filter(isHeaderValue).entries())
          add(`${param.name} odd string ${index}`, { headers: withHeader(value) });
      }

      // Each path parameter (the admin area's company id): malformed, unknown, huge, odd.
      for (const param of op.params) {
        const withParam = (value: string) => pathOf(op, { [param.name]: value });
        // A public file's address is a name, not input to explain: a malformed one is simply not there (so is a document's).
        // The dev helpers answer only this machine, and 404 to the test's (remote) caller whatever the input.
        if (op.path.startsWith('/api/media/') || op.path.startsWith('/api/dev/') || op.path.startsWith('/api/front/content/'))
          add(`${param.name} malformed`, { path: withParam('not-a-uuid'), expectStatus: [404] });
        else
          add(`${param.name} malformed`, {
            // A certificate number is no UUID: "not-a-uuid" is a well-formed one (NOTAUUID); "!" is not.
            path: withParam(param.schema.format === 'uuid' ? 'not-a-uuid' : '!'),
            expectStatus: [422],
            expectField: param.name,
          });
        add(`${param.name} unknown`, { path: withParam(randomUUID()), expectStatus: [404] });
        add(`${param.name} upper case`, { path: withParam(randomUUID().toUpperCase()) });
        add(`${param.name} nil`, { path: withParam('00000000-0000-0000-0000-000000000000') });
        add(`${param.name} huge`, { path: withParam('p'.repeat(5_000)) });
        add(`${param.name} bad escape`, { path: pathOf(op).replace(/[0-9a-f-]{36}/, '%E0%A4%A') });
        for (const [index, value] of ODD_STRINGS.entries()) add(`${param.name} odd string ${index}`, { path: withParam(value) });
      }

      // Each query parameter: missing, empty, repeated, huge, odd.
      for (const param of op.query) {
        const withParam = (value: string | string[] | undefined) => {
          const params: Record<string, string | string[]> = validQuery(op);
          if (value === undefined) delete params[param.name];
          else params[param.name] = value;
          return encodeQuery(params);
        };
        add(`${param.name} missing`, { query: withParam(undefined) });
        add(`${param.name} empty`, { query: withParam('') });
        add(`${param.name} repeated`, { query: withParam(['a@b.c', 'x@y.z']) });
        add(`${param.name}[]`, { query: `${encodeQuery(validQuery(op))}&${param.name}[]=1` });
        add(`${param.name} bad escape`, { query: `${param.name}=%E0%A4%A` });
        add(`${param.name} raw NUL`, { query: `${param.name}=%00` });
        for (const [index, value] of ODD_STRINGS.entries()) add(`${param.name} odd string ${index}`, { query: withParam(value) });
        add(`${param.name} huge`, { query: withParam('q'.repeat(60_000)) });
      }

      // The reports of a company the admin runs: every filter with odd values, each alone.
      if (REPORT_PAGES.has(op.path)) {
        const inCompany = (params: Record<string, string>) => encodeQuery({ supplierId: demoSupplierId, ...params });
        add('demo company', { query: inCompany({}), expectStatus: [200] });
        for (const param of op.query.filter((candidate) => candidate.name !== 'supplierId')) {
          for (const [index, value] of [...ODD_STRINGS, '%', '_', '\\', '%_\\'].entries())
            add(`demo company ${param.name} odd string ${index}`, { query: inCompany({ [param.name]: value }) });
        }
        if (op.query.some((param) => param.name === 'from'))
          for (const [from, to] of ODD_RANGES)
            add(`demo company ${from}–${to}`, { query: inCompany({ from, to }), expectStatus: [200, 422] });
      }
    }

    // Beyond the document: unknown and odd paths.
    for (const path of [
      '/api/nope',
      '/api/front/auth/login/extra',
      '/api/%ZZ',
      '/api/front/auth/%E0%A4%A',
      `/api/${'a'.repeat(5_000)}`,
      '/api/front/../auth/login',
      '/api/front/auth/LOGIN',
    ]) {
      cases.push({ label: `POST ${path.slice(0, 40)}`, method: 'POST', path, body: json({ email: 'a@b.c', password: PASSWORD }) });
    }
    // Odd forwarded addresses reach the per-address counters on a failed sign-in.
    // Random, so the database cannot compress it below its index-row limit.
    const long = randomBytes(4_000).toString('hex');
    for (const forwarded of ['unknown', '1.2.3.4, 5.6.7.8', '::1', '', long, `${long}, 1.2.3.4`, '999.999.999.999', '<script>']) {
      cases.push({
        label: `login with X-Forwarded-For ${json(forwarded.slice(0, 20))}`,
        method: 'POST',
        path: '/api/front/auth/login',
        body: json({ email: `fuzz-ip${forwarded.length}@example.test`, password: PASSWORD }),
        headers: { 'x-forwarded-for': forwarded },
      });
    }
    return cases;
  }

  beforeAll(async () => {
    // The test's clock stands still: the key's per-minute limit would otherwise refuse most of the register API's table.
    test = await createTestApp({ env: { TRUST_PROXY: 'true', COMPANY_API_KEY_REQUESTS_PER_MINUTE: '1000000' }, log });
    bodyLimit = test.deps.config.BODY_LIMIT_BYTES;
    const keys = test.deps.keys as unknown as Record<string, unknown>;
    partnerApiKey = typeof keys.partnerApiKey === 'string' ? keys.partnerApiKey : undefined;
    adminToken = (await test.login('admin@demo.test')).accessToken;
    staffToken = (await test.login('moderator@demo.test')).accessToken;
    accountantId = (await userByEmail(test, 'accountant@demo.test'))!.id;
    const [product] = await test.database.db.select({ id: products.id }).from(products).limit(1);
    productId = product!.id;
    demoSupplierId = await supplierIdOf(test, 'Demo Gifts');

    const document = (await test.call('GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown[];
            parameters?: Parameter[];
            requestBody?: { content: Record<string, { schema: JsonSchema }> };
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // The sign-in form's post answers every refusal with a 303 back to the sign-in page (decision 100): its bad
        // input is sent by tests/api/auth-login-form.test.ts.
        .filter(([, spec]) => !spec.responses['303'])
        .map(([method, spec]) => ({
          method: method.toUpperCase(),
          path,
          // Bearer-token operations; the partner API's X-Api-Key is always sent (below), so its cases reach validation.
          auth: Boolean(spec.security?.some((scheme) => typeof scheme === 'object' && scheme !== null && 'bearer' in scheme)),
          companyKey: Boolean(spec.security?.some((scheme) => typeof scheme === 'object' && scheme !== null && 'companyKey' in scheme)),
          body: spec.requestBody && objectSchema(spec.requestBody.content['application/json']!.schema),
          params: (spec.parameters ?? []).filter((param) => param.in === 'path'),
          query: (spec.parameters ?? []).filter((param) => param.in === 'query'),
          headers: (spec.parameters ?? []).filter((param) => param.in === 'header'),
        })),
    );

    for (const op of operations.filter((candidate) => candidate.companyKey)) {
      const created = await test.call('POST', '/api/front/integrations/keys/create', {
        token: adminToken,
        body: { supplierId: demoSupplierId, name: `Fuzz ${op.method} ${op.path}`.slice(0, 60), scopes: ['check', 'redeem', 'readReports'] },
      });
      companyKeys.set(`${op.method} ${op.path}`, created.body.data.secret);
    }

    // Tokens that must all be refused: malformed, forged, expired, for an ended login.
    const now = Math.floor(test.clock.now().getTime() / 1000);
    const admin = await userByEmail(test, 'admin@demo.test');
    const ended = await test.login('redeemer@demo.test');
    await test.call('POST', '/api/front/auth/logout', { token: ended.accessToken });
    const claims = { sub: admin!.id, sid: '00000000-0000-4000-8000-000000000000', iat: now, exp: now + 600 };
    const [header, payload] = adminToken.split('.');
    invalidHeaders.push(
      'Bearer',
      'Bearer ',
      'Bearer garbage',
      'Bearer a.b.c',
      `Bearer ${adminToken}x`,
      `Bearer ${adminToken.slice(0, -4)}`,
      `Bearer ${header}.${payload}.`,
      `Basic ${Buffer.from(`admin@demo.test:${MARKER}`).toString('base64')}`,
      `Token ${adminToken}`,
      `Bearer ${adminToken} ${adminToken}`,
      `Bearer ${'x'.repeat(10_000)}`,
      'Bearer é\u00ff\u0080',
      `Bearer ${Buffer.from(json({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(json(claims)).toString('base64url')}.`,
      `Bearer ${await sign(claims, 'a-key-that-is-not-the-servers-key-0123456789', 'HS256')}`,
      `Bearer ${await sign({ ...claims, exp: now - 1 }, test.deps.keys.jwt, 'HS256')}`,
      `Bearer ${await sign({ ...claims, alg: 'HS512' }, test.deps.keys.jwt, 'HS512')}`,
      `Bearer ${ended.accessToken}`,
      `Bearer ${ended.refreshToken}`,
    );
  });

  afterAll(async () => {
    await test?.close();
  });

  it('reads every operation from /api/openapi.json, the known ones included', () => {
    const listed = operations.map((op) => `${op.method.toLowerCase()} ${op.path}`);
    for (const known of KNOWN_PATHS) expect(listed).toContain(known);
    expect(operations.filter((op) => op.auth).length).toBeGreaterThanOrEqual(7);
    const redeem = operations.find((op) => op.path === '/api/front/redemption/redeem');
    expect(redeem?.headers).toEqual([expect.objectContaining({ name: 'idempotency-key', required: true })]);
  });

  it('answers the table of bad input without a 500, a stack or an echoed password', async () => {
    const cases = table();
    for (const c of cases) await send(c);
    const failed = failures.splice(0);
    console.log(`bad-input table: ${cases.length} requests over ${operations.length} operations`);
    for (const op of operations) {
      const seen = statuses.get(`${op.method} ${op.path}`) ?? new Map<number, number>();
      console.log(
        `  ${op.method.padEnd(4)} ${op.path.padEnd(45)} ${[...seen]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ')}`,
      );
      // Validation must be reached: an operation that takes input refuses some of it with 422.
      if (op.body?.properties && Object.keys(op.body.properties).length)
        expect(seen.get(422), `${op.method} ${op.path} never reached validation`).toBeGreaterThan(0);
    }
    expect(failed.slice(0, 30), `${failed.length} failures`).toEqual([]);
    expect(loggedErrors.splice(0)).toEqual([]);
  }, 300_000);

  it('answers generated bodies and queries without a 500 (fast-check)', async () => {
    const before = requests;
    const fieldValue = (name: string, schema: JsonSchema) =>
      fc
        .oneof(
          { weight: 1, arbitrary: fc.constant(null).map(() => sample(name, schema)) },
          { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
          { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 50 }) },
          { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...(schema.enum ?? ['']).map(String))
              .map((value) => `${value}${['', ' ', 'x', '\u0000'][value.length % 4]}`),
          },
        )
        .map((value) => withMarker(name, value));
    const bodyFor = (op: Operation): fc.Arbitrary<string | undefined> => {
      if (!op.body) return fc.constant(undefined);
      const model = Object.fromEntries(Object.entries(op.body.properties ?? {}).map(([name, schema]) => [name, fieldValue(name, schema)]));
      return fc.oneof(
        { weight: 6, arbitrary: fc.record(model, { requiredKeys: [] }).map(json) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.record(model), fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }))
            .map(([known, extra]) => json({ ...extra, ...known })),
        },
        { weight: 1, arbitrary: fc.jsonValue().map(json) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => `{${text}`) },
      );
    };
    const queryFor = (op: Operation): fc.Arbitrary<string | undefined> =>
      op.query.length
        ? fc
            .record(
              Object.fromEntries(
                op.query.map((param) => [param.name, fc.oneof(fc.string({ unit: 'binary', maxLength: 100 }), fc.emailAddress())]),
              ),
              { requiredKeys: [] },
            )
            .map(encodeQuery)
        : fc.option(
            fc.string({ maxLength: 50 }).map((text) => `x=${encodeURIComponent(text)}`),
            { nil: undefined },
          );
    const caseArb = fc.constantFrom(...operations).chain((op) =>
      fc.record({
        op: fc.constant(op),
        body: bodyFor(op),
        query: queryFor(op),
        token: op.auth
          ? fc.oneof(
              fc.constant(bodyToken(op)),
              fc.constant<TokenKind>('none'),
              fc.constantFrom(...invalidHeaders).map((header): TokenKind => ({ header })),
            )
          : fc.constant<TokenKind>('none'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ op, body, query, token }) => {
        const failed = failures.length;
        await send({
          label: `fast-check ${op.method} ${op.path} ${(body ?? query ?? '').slice(0, 80)}`,
          method: op.method,
          path: pathOf(op),
          operation: `${op.method} ${op.path}`,
          body,
          query,
          token,
          headers: validHeaders(op),
        });
        return failures.length === failed;
      }),
      { numRuns: 400 },
    );
    console.log(`bad-input fast-check: ${requests - before} requests`);
    expect(failures.slice(0, 30), `${failures.length} failures`).toEqual([]);
    expect(loggedErrors.splice(0)).toEqual([]);
  }, 300_000);

  it(`sent at least ${MIN_CASES} requests`, () => {
    console.log(`bad-input total: ${requests} requests`);
    expect(requests).toBeGreaterThanOrEqual(MIN_CASES);
  });
});
