import { REMEMBER_SECONDS, SESSION_COOKIE, sessionCookies } from '@contract/sign-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_DICTIONARIES } from '../../server/mail/locales';
import { DEMO_PASSWORD, type TestApp } from './support/app';
import {
  createAuthTestApp,
  expectAccess,
  expectError,
  freshEmail,
  freshIp,
  register,
  setUserStatus,
  signUp,
  STRONG_PASSWORD,
} from './support/auth';

/**
 * The sign-in form posted before the app runs (decision 100): the JSON login's schema, service and limits; the PWA's
 * cookies and landing on success; every refusal a 303 back to the sign-in page with its code; our own pages only.
 */

const FORM_PATH = '/api/front/auth/login-form';
const PAGE = 'http://localhost/login';

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

interface Post {
  /** The form post's address: the sign-in's unless told. */
  path?: string;
  fields?: Record<string, string>;
  /** The raw body, when not `fields`. */
  body?: string;
  /** The sign-in page's address the form was on (its `redirect` is the deep link). */
  from?: string;
  ip?: string;
  /** Headers to add, or to leave out (undefined). */
  headers?: Record<string, string | undefined>;
}

/** Posts as Chromium posts a form of our own page: urlencoded, Sec-Fetch-Site and Origin, the page as Referer. */
async function post({ path = FORM_PATH, fields, body, from = PAGE, ip = freshIp(), headers = {} }: Post) {
  const sent = {
    'content-type': 'application/x-www-form-urlencoded',
    'sec-fetch-site': 'same-origin',
    origin: 'http://localhost',
    referer: from,
    'x-forwarded-for': ip,
    ...headers,
  };
  const response = await test.app.request(path, {
    method: 'POST',
    headers: Object.entries(sent).filter((entry): entry is [string, string] => entry[1] !== undefined),
    body: body ?? new URLSearchParams(fields).toString(),
  });
  const location = response.headers.get('location');
  return { status: response.status, location, cookies: response.headers.getSetCookie(), text: await response.text() };
}

const credentials = (email: string, password: string, more: Record<string, string> = {}) => ({ email, password, ...more });

/** The cookies' values by name. */
const cookieValues = (cookies: string[]) =>
  Object.fromEntries(cookies.map((cookie) => cookie.split(';')[0]!.split('=')).map(([name, value]) => [name, decodeURIComponent(value!)]));

/** The search a Location carries to `page` (the sign-in page's refusal unless told). */
const refusal = (location: string | null, page = '/login') => {
  const url = new URL(location ?? '', 'http://localhost');
  expect(url.pathname).toBe(page);
  return Object.fromEntries(url.searchParams);
};

const jsonLogin = (email: string, password: string, ip = freshIp()) =>
  test.call('POST', '/api/front/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

describe('POST /api/front/auth/login-form: signed in', () => {
  it('answers 303 to where the app lands, with the cookies the PWA writes, and a working session', async () => {
    const answer = await post({ fields: credentials('admin@demo.test', DEMO_PASSWORD) });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/');
    const values = cookieValues(answer.cookies);
    const pair = {
      accessToken: values[SESSION_COOKIE.access]!,
      refreshToken: values[SESSION_COOKIE.refresh]!,
      accessTokenExpiresAt: Number(values[SESSION_COOKIE.expiresAt]),
    };
    // Byte for byte what src/lib/session.ts writes on http: session cookies, Path=/, SameSite=Strict, no "remember".
    expect(answer.cookies).toEqual(sessionCookies(pair, false, false));
    expect(answer.cookies.join('\n')).not.toMatch(/HttpOnly|Max-Age=\d{2}/);
    expect(answer.cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE.remember}=`))).toMatch(/Max-Age=0/);
    expect(pair.accessTokenExpiresAt).toBe(test.clock.now().getTime() + 15 * 60_000);
    await expectAccess(test, pair.accessToken);
    expect((await test.call('POST', '/api/front/auth/refresh', { body: { refreshToken: pair.refreshToken } })).status).toBe(200);
  });

  it('"remember me" makes every cookie last 30 days, the remember cookie included', async () => {
    const answer = await post({ fields: credentials('accountant@demo.test', DEMO_PASSWORD, { remember: 'on' }) });
    expect(answer.status).toBe(303);
    expect(answer.cookies).toHaveLength(4);
    for (const cookie of answer.cookies) expect(cookie).toContain(`Max-Age=${REMEMBER_SECONDS}`);
    expect(cookieValues(answer.cookies)[SESSION_COOKIE.remember]).toBe('1');
  });

  it('marks the cookies Secure when the browser came over https (a trusted proxy says so)', async () => {
    const answer = await post({ fields: credentials('redeemer@demo.test', DEMO_PASSWORD), headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.status).toBe(303);
    for (const cookie of answer.cookies) expect(cookie).toMatch(/; Secure$/);
  });

  it('lands on the deep link the sign-in page was given, staff in the admin area, a till-only person on / (the app goes on to the till)', async () => {
    const deep = await post({ fields: credentials('admin@demo.test', DEMO_PASSWORD), from: `${PAGE}?redirect=%2Fcertificates%3Fpage%3D2` });
    expect(deep.location).toBe('/certificates?page=2');
    expect((await post({ fields: credentials('moderator@demo.test', DEMO_PASSWORD) })).location).toBe('/admin');
    const staffDeep = await post({ fields: credentials('moderator@demo.test', DEMO_PASSWORD), from: `${PAGE}?redirect=/admin/products` });
    expect(staffDeep.location).toBe('/admin/products');
    expect((await post({ fields: credentials('redeemer@demo.test', DEMO_PASSWORD) })).location).toBe('/');
  });

  it('never leads off the site, however the redirect is written', async () => {
    const targets = [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/%0a/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ];
    for (const target of targets) {
      const answer = await post({
        fields: credentials('admin@demo.test', DEMO_PASSWORD),
        from: `${PAGE}?redirect=${encodeURIComponent(target)}`,
      });
      expect(answer.status, target).toBe(303);
      const landing = new URL(answer.location!, 'http://localhost');
      expect(landing.origin, target).toBe('http://localhost');
      expect(answer.location, target).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe('POST /api/front/auth/login-form: refused, back to the sign-in page', () => {
  it('says why, keeps the e-mail and the deep link, never the password, and sets no cookie', async () => {
    const answer = await post({
      fields: credentials('admin@demo.test', 'Wrong-Secret-77', { remember: 'on' }),
      from: `${PAGE}?redirect=/certificates`,
    });
    expect(answer.status).toBe(303);
    expect(refusal(answer.location)).toEqual({
      error: 'INVALID_CREDENTIALS',
      email: 'admin@demo.test',
      redirect: '/certificates',
    });
    expect(answer.location).not.toContain('Wrong-Secret-77');
    expect(answer.cookies).toEqual([]);
  });

  it('refuses bad input by the JSON login’s own schema, the e-mail kept', async () => {
    expect(refusal((await post({ fields: credentials('admin.demo.test', DEMO_PASSWORD) })).location)).toEqual({
      error: 'VALIDATION_ERROR',
      email: 'admin.demo.test',
    });
    expect(refusal((await post({ fields: credentials('admin@demo.test', '') })).location)).toEqual({
      error: 'VALIDATION_ERROR',
      email: 'admin@demo.test',
    });
    expect(refusal((await post({ fields: {} })).location)).toEqual({ error: 'VALIDATION_ERROR' });
    // A field sent twice is no text: the schema refuses it, and no one is signed in.
    const twice = await post({ body: `email=admin%40demo.test&email=c%40d.test&password=${DEMO_PASSWORD}` });
    expect(refusal(twice.location).error).toBe('VALIDATION_ERROR');
    expect(twice.cookies).toEqual([]);
  });

  it('refuses as the JSON login refuses: an unconfirmed address, a blocked account', async () => {
    const pending = freshEmail('form-pending');
    expect((await register(test, pending)).status).toBe(200);
    expect(refusal((await post({ fields: credentials(pending, STRONG_PASSWORD) })).location).error).toBe('EMAIL_NOT_CONFIRMED');
    const blocked = freshEmail('form-blocked');
    await signUp(test, blocked);
    await setUserStatus(test, blocked, 'blocked');
    expect(refusal((await post({ fields: credentials(blocked, STRONG_PASSWORD) })).location).error).toBe('USER_BLOCKED');
  });

  it('sends back what the edge refuses too: another body type, a body over the limit', async () => {
    const json = await post({
      body: JSON.stringify(credentials('admin@demo.test', DEMO_PASSWORD)),
      headers: { 'content-type': 'application/json' },
    });
    expect(refusal(json.location).error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await post({ fields: credentials('admin@demo.test', 'x'.repeat(10_000)) });
    expect(refusal(huge.location)).toEqual({ error: 'PAYLOAD_TOO_LARGE' });
    expect(huge.location).not.toContain('xxxx');
  });

  it('never answers a 5xx or echoes the password, whatever the body', async () => {
    const marker = 'Pw9-Marker-Qz';
    const bodies = [
      `email=%ZZ&password=${marker}`,
      `password=${marker}&email=${'%F0'.repeat(50)}`,
      `email=${'a'.repeat(300)}%40x.test&password=${marker}`,
      `email=x%00%40y.test&password=${marker}%0D%0ALocation:%20https://evil.example`,
      `email=admin%40demo.test&password=${marker}&remember=yes`,
      `&&&=&password=${marker}`,
      `email[]=1&password[]=${marker}`,
    ];
    for (const body of bodies) {
      const answer = await post({ body });
      expect(answer.status, body).toBe(303);
      expect(refusal(answer.location).error, body).toMatch(/^[A-Z_]+$/);
      expect(answer.location, body).not.toContain(marker);
      expect(answer.location, body).not.toMatch(/[\r\n]/);
    }
  });
});

describe('POST /api/front/auth/login-form: our own pages only', () => {
  it('refuses a post from another site, or one that says nowhere where it comes from, before reading it', async () => {
    const from = async (headers: Record<string, string>) => {
      const answer = await post({
        fields: credentials('admin@demo.test', DEMO_PASSWORD),
        headers: { 'sec-fetch-site': undefined, origin: undefined, ...headers },
      });
      return { status: answer.status, code: answer.status === 403 ? JSON.parse(answer.text).error.code : null, cookies: answer.cookies };
    };
    const refused = { status: 403, code: 'FORBIDDEN', cookies: [] };
    expect(await from({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toEqual(refused);
    // A sibling subdomain is the same site, not the same origin.
    expect(await from({ 'sec-fetch-site': 'same-site', origin: 'http://other.localhost' })).toEqual(refused);
    // The browser's word wins over an Origin that looks right.
    expect(await from({ 'sec-fetch-site': 'cross-site', origin: 'http://localhost' })).toEqual(refused);
    // Without Sec-Fetch-Site (older browsers), Origin decides.
    expect(await from({ origin: 'https://evil.example' })).toEqual(refused);
    expect(await from({ origin: 'null' })).toEqual(refused);
    expect(await from({})).toEqual(refused);
    expect((await from({ origin: 'http://localhost' })).status).toBe(303);
  });

  it('is one of the sign-in limits: failures by form lock the JSON login, and the other way round', async () => {
    const email = freshEmail('form-locked');
    await signUp(test, email);
    for (let failure = 0; failure < 5; failure++)
      expect(refusal((await post({ fields: credentials(email, `Wrong${failure}x`) })).location).error).toBe('INVALID_CREDENTIALS');
    for (let failure = 0; failure < 5; failure++) expectError(await jsonLogin(email, `Wrong${failure}y`), 401, 'INVALID_CREDENTIALS');
    // Ten failures in the window, five of each kind: both doors are locked, even with the right password.
    expectError(await jsonLogin(email, STRONG_PASSWORD), 429, 'ACCOUNT_LOCKED');
    expect(refusal((await post({ fields: credentials(email, STRONG_PASSWORD) })).location).error).toBe('ACCOUNT_LOCKED');
  });

  it('is described in the OpenAPI document as a form post answered with 303s', async () => {
    const operation = (await test.call('GET', '/api/openapi.json')).body.paths[FORM_PATH].post;
    const schema = operation.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(['email', 'password', 'remember']);
    expect(schema.properties.email).toMatchObject({ format: 'idn-email', maxLength: 254 });
    expect(Object.keys(operation.responses).sort()).toEqual(['303', '403']);
  });

  it('answers another method as any route does', async () => {
    expectError(await test.call('GET', FORM_PATH), 405, 'METHOD_NOT_ALLOWED');
  });
});

/** Decision 105: the reset's e-mail step posted before the app runs, beside the sign-in's. */
describe('POST /api/front/auth/reset-password-form', () => {
  const RESET_PATH = '/api/front/auth/reset-password-form';
  const RESET_PAGE = 'http://localhost/password-reset-email';
  const reset = (fields: Record<string, string>, more: Partial<Post> = {}) => post({ path: RESET_PATH, fields, from: RESET_PAGE, ...more });

  it('mails the code and lands on the code page, told the address and the resend wait', async () => {
    const email = freshEmail('form-reset');
    await signUp(test, email);
    test.clock.advance(1000);
    const answer = await reset({ email: email.toUpperCase(), region: 'es' });
    expect(answer.status).toBe(303);
    expect(refusal(answer.location, '/password-reset-code')).toEqual({ email, resend: '60' });
    expect(answer.cookies).toEqual([]);
    const mail = await test.latestMail(email);
    expect(mail?.subject).toBe(MAIL_DICTIONARIES.es.resetSubject);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
  });

  it('answers an unknown address as a known one, without a mail', async () => {
    const email = freshEmail('form-nobody');
    const answer = await reset({ email, region: 'ru' });
    expect(refusal(answer.location, '/password-reset-code')).toEqual({ email, resend: '60' });
    expect(await test.latestMail(email)).toBeFalsy();
  });

  it('comes back to the e-mail page with the refusal and the address: bad input, the resend pause', async () => {
    expect(refusal((await reset({ email: 'not-an-address', region: 'ru' })).location, '/password-reset-email')).toEqual({
      error: 'VALIDATION_ERROR',
      email: 'not-an-address',
    });
    expect(refusal((await reset({ email: 'a@b.test', region: 'mars' })).location, '/password-reset-email').error).toBe('VALIDATION_ERROR');
    const email = freshEmail('form-twice');
    await reset({ email, region: 'ru' });
    expect(refusal((await reset({ email, region: 'ru' })).location, '/password-reset-email')).toEqual({ error: 'RESEND_TOO_EARLY', email });
  });

  it('refuses a post from another site before reading it', async () => {
    const answer = await reset(
      { email: 'admin@demo.test', region: 'ru' },
      { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
    );
    expect(answer.status).toBe(403);
    expect(await test.latestMail('admin@demo.test')).not.toMatchObject({ subject: MAIL_DICTIONARIES.ru.resetSubject });
  });
});
