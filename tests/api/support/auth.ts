import type { UserStatus } from '@contract/enums';
import { errorStatus, isErrorCode, type ErrorCode } from '@contract/errors';
import type { RegisterBody, TokenPair } from '@contract/schemas/auth';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import type { Logger } from '../../../server/lib/log';
import { createTestApp, type TestApp, type TestResponse } from './app';

/** A password that meets SPEC §5 (upper, lower, digits, 8+). */
export const STRONG_PASSWORD = 'Strong1234';

const SECRET_FIELDS = ['password', 'repeatPassword'];
// A frame of a V8 stack trace ("at fn (file.ts:12:3)") or a source path.
const STACK_TRACE = /\bat .*\(?[\w/\\.-]+\.[cm]?[jt]s:\d+:\d+\)?|node_modules|[\w/\\-]+\.ts:\d+/;

const secretsIn = (body: unknown): string[] =>
  body && typeof body === 'object'
    ? SECRET_FIELDS.map((name) => (body as Record<string, unknown>)[name]).filter(
        (value): value is string => typeof value === 'string' && value.length >= 4,
      )
    : [];

/**
 * Checks what every answer must be: never a 5xx, never a stack trace, never a
 * password from the request, and failures in the `{ error: { code, message } }`
 * shape with a catalogue code whose status is the answer's.
 */
export function expectSafeAnswer(response: TestResponse, sent?: unknown): void {
  expect(response.status, response.text).toBeLessThan(500);
  expect(response.text).not.toMatch(STACK_TRACE);
  for (const secret of secretsIn(sent)) expect(response.text).not.toContain(secret);
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    const code: unknown = response.body?.error?.code;
    expect(isErrorCode(code), response.text).toBe(true);
    expect(typeof response.body.error.message).toBe('string');
    expect(response.status).toBe(errorStatus(code as ErrorCode));
  }
}

/**
 * The real app (see createTestApp) whose every answer is checked by
 * expectSafeAnswer. It trusts X-Forwarded-For, so tests can speak from their
 * own address and per-address limits do not leak from one test into another.
 */
export async function createAuthTestApp(env: Record<string, string> = {}, log?: Logger): Promise<TestApp> {
  const test = await createTestApp({ env: { TRUST_PROXY: 'true', ...env }, log });
  const call: TestApp['call'] = async (method, path, options) => {
    const response = await test.call(method, path, options);
    expectSafeAnswer(response, options?.body);
    return response;
  };
  return { ...test, call };
}

let lastIp = 0;
/** A client address no other test has used. */
export const freshIp = (): string => {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};
export const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

let lastEmail = 0;
/** An address no other test has used (the counter keeps re-runs in one file apart). */
export const freshEmail = (label: string): string => {
  lastEmail += 1;
  return `${label}-${lastEmail}@example.test`;
};

export const registration = (email: string, overrides: Partial<RegisterBody> = {}): RegisterBody => ({
  firstName: 'Ivan',
  secondName: 'Petrov',
  email,
  phone: '+7 (999) 123-45-67',
  password: STRONG_PASSWORD,
  region: 'ru',
  language: 'ru-RU',
  ...overrides,
});

/** POST register from a fresh address (registrations are limited per address). */
export const register = (test: TestApp, email: string, overrides: Partial<RegisterBody> = {}): Promise<TestResponse> =>
  test.call('POST', '/api/front/auth/register', { body: registration(email, overrides), headers: fromIp(freshIp()) });

/** Registers and confirms with the mailed code: an active user with no memberships, signed in. */
export async function signUp(test: TestApp, email: string, overrides: Partial<RegisterBody> = {}): Promise<TokenPair> {
  const registered = await register(test, email, overrides);
  expect(registered.status, registered.text).toBe(200);
  const confirmed = await test.call('POST', '/api/front/auth/register-confirm', {
    body: { email, verifyCode: await test.codeFromMail(email), region: overrides.region ?? 'ru' },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return confirmed.body.data as TokenPair;
}

export async function setUserStatus(test: TestApp, email: string, status: UserStatus): Promise<void> {
  await test.database.db.update(users).set({ status }).where(eq(users.email, email));
}

/** Asserts a failure: its status, its code and, when given, exactly its per-field codes. */
export function expectError(response: TestResponse, status: number, code: ErrorCode, fields?: Record<string, string>): void {
  expect({ status: response.status, code: response.body?.error?.code }, response.text).toEqual({ status, code });
  if (fields) expect(response.body.error.fields).toEqual(fields);
}

/** Asserts a 422 VALIDATION_ERROR with exactly these per-field codes. */
export const expectInvalid = (response: TestResponse, fields: Record<string, string>): void =>
  expectError(response, 422, 'VALIDATION_ERROR', fields);

export const expectTokenPair = (data: TokenPair, now: Date): void => {
  expect(data.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  // At least 128 random bits: 22 base64url characters.
  expect(data.refreshToken.length).toBeGreaterThanOrEqual(22);
  expect(data.accessTokenExpiresAt).toBe(now.getTime() + 15 * 60_000);
};

/** Asserts the access token is accepted (200) or refused with a status and code. */
export async function expectAccess(test: TestApp, accessToken: string, status = 200, code?: ErrorCode): Promise<void> {
  const response = await test.call('GET', '/api/front/user/account/get-info', { token: accessToken });
  if (code) expectError(response, status, code);
  else expect(response.status, response.text).toBe(status);
}

export const refresh = (test: TestApp, refreshToken: string) => test.call('POST', '/api/front/auth/refresh', { body: { refreshToken } });

export type InvalidCase = [name: string, input: unknown, fields: Record<string, string>];

/**
 * One test per case: the call answers 422 VALIDATION_ERROR with exactly these
 * per-field codes. The input is the JSON body, or for GET the query string.
 * `then` checks that nothing changed.
 */
export function itRefuses(
  app: () => TestApp,
  method: 'GET' | 'POST',
  path: string,
  cases: InvalidCase[],
  options: { token?: () => string; then?: () => Promise<void> } = {},
): void {
  it.each(cases)('refuses %s with per-field codes', async (_name, input, fields) => {
    const token = options.token?.();
    const response =
      method === 'GET'
        ? await app().call(method, `${path}${String(input)}`, { token })
        : await app().call(method, path, { body: input, token });
    expectInvalid(response, fields);
    await options.then?.();
  });
}
