import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { MAIL_DICTIONARIES } from '../../server/mail/locales';
import type { TokenPair } from '../../src/contract/schemas/auth';
import { userByEmail } from './support/app';
import type { TestApp } from './support/app';
import {
  createAuthTestApp,
  expectAccess,
  expectError,
  itRefuses,
  expectTokenPair,
  freshEmail,
  freshIp,
  fromIp,
  refresh,
  register,
  setUserStatus,
  signUp,
  STRONG_PASSWORD,
} from './support/auth';
import { itFollowsCodeRules } from './support/codes';

const MINUTE = 60_000;
const CODE_SENT = { resendAfterSeconds: 60, codeExpiresInSeconds: 900 };
const NEW_PASSWORD = 'Changed5678';

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

/** Asked a second after whatever came before, so that its mail is the newest to the address (mails carry the clock's time). */
const resetPassword = (email: string, region = 'ru') => {
  test.clock.advance(1000);
  return test.call('POST', '/api/front/auth/reset-password', { body: { email, region } });
};
const confirmReset = (email: string, verifyCode: string) =>
  test.call('POST', '/api/front/auth/reset-password-confirm', { body: { email, verifyCode, region: 'ru' } });
const changePassword = (token: string, password: string, repeatPassword = password) =>
  test.call('POST', '/api/front/auth/change-password', { token, body: { password, repeatPassword } });
const login = (email: string, password: string) =>
  test.call('POST', '/api/front/auth/login', { body: { email, password }, headers: fromIp(freshIp()) });
const mails = (to: string) => test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('POST /api/front/auth/reset-password', () => {
  it('mails a code to a known address, in the language of the region', async () => {
    const email = freshEmail('forgot');
    await signUp(test, email);
    const response = await resetPassword(email, 'es');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: CODE_SENT });
    expect(await mails(email)).toHaveLength(2); // the registration code, then the reset code
    const mail = await test.latestMail(email);
    expect(mail?.subject).toBe(MAIL_DICTIONARIES.es.resetSubject);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).not.toMatch(/auth-correction/);
  });

  it('answers an unknown address the same, without a mail, and counts it for the resend pause', async () => {
    const email = freshEmail('nobody');
    const response = await resetPassword(email);
    expect(response.body).toEqual({ data: CODE_SENT });
    expect(await mails(email)).toHaveLength(0);
    expectError(await resetPassword(email), 429, 'RESEND_TOO_EARLY');
  });

  it('sends nothing to a blocked user', async () => {
    const email = freshEmail('blocked');
    await signUp(test, email);
    await setUserStatus(test, email, 'blocked');
    expect((await resetPassword(email)).body).toEqual({ data: CODE_SENT });
    expect(await mails(email)).toHaveLength(1); // only the registration code
  });

  it('waits a minute between codes and sends at most 5 an hour', async () => {
    const email = 'accountant@demo.test';
    expect((await resetPassword(email)).status).toBe(200);
    const early = await resetPassword(email);
    expectError(early, 429, 'RESEND_TOO_EARLY');
    expect(early.body.error.retryAfterSeconds).toBe(59);
    for (let send = 2; send <= 5; send++) {
      test.clock.advance(MINUTE);
      expect((await resetPassword(email)).status).toBe(200);
    }
    test.clock.advance(MINUTE);
    expectError(await resetPassword(email), 429, 'TOO_MANY_ATTEMPTS');
    expect(await mails(email)).toHaveLength(5);
    test.clock.advance(60 * MINUTE);
    expect((await resetPassword(email)).status).toBe(200);
  });

  itRefuses(() => test, 'POST', '/api/front/auth/reset-password', [
    ['nothing', {}, { email: 'REQUIRED', region: 'REQUIRED' }],
    ['a bad e-mail and region', { email: 'a@', region: 'de' }, { email: 'EMAIL_INVALID', region: 'UNKNOWN_VALUE' }],
    ['wrong types', { email: ['a@example.test'], region: 1 }, { email: 'WRONG_TYPE', region: 'UNKNOWN_VALUE' }],
  ]);
});

describe('POST /api/front/auth/reset-password-confirm', () => {
  it('signs in with the mailed code', async () => {
    const email = freshEmail('confirm');
    await signUp(test, email);
    await resetPassword(email);
    const response = await confirmReset(email, await test.codeFromMail(email));
    expect(response.status).toBe(200);
    expectTokenPair(response.body.data, test.clock.now());
    await expectAccess(test, response.body.data.accessToken);
  });

  it('does not take a registration code', async () => {
    const email = freshEmail('purpose');
    await register(test, email);
    expectError(await confirmReset(email, await test.codeFromMail(email)), 422, 'WRONG_CONFIRMATION_CODE');
  });

  it('proves the address of a user who never confirmed it', async () => {
    const email = freshEmail('pending');
    await register(test, email);
    await resetPassword(email);
    expect((await confirmReset(email, await test.codeFromMail(email))).status).toBe(200);
    expect((await userByEmail(test, email))?.status).toBe('active');
  });

  itFollowsCodeRules(() => test, {
    send: async () => {
      const email = freshEmail('code');
      await signUp(test, email);
      await resetPassword(email);
      return email;
    },
    confirm: confirmReset,
  });

  it('refuses a user blocked after the code was sent', async () => {
    const email = freshEmail('blocked-late');
    await signUp(test, email);
    await resetPassword(email);
    await setUserStatus(test, email, 'blocked');
    expectError(await confirmReset(email, await test.codeFromMail(email)), 403, 'USER_BLOCKED');
  });

  itRefuses(() => test, 'POST', '/api/front/auth/reset-password-confirm', [
    ['nothing', {}, { email: 'REQUIRED', verifyCode: 'REQUIRED', region: 'REQUIRED' }],
    ['a short code', { email: 'a@example.test', verifyCode: '1234', region: 'kz' }, { verifyCode: 'CODE_FORMAT' }],
    ['a blank code', { email: 'a@example.test', verifyCode: '   ', region: 'by' }, { verifyCode: 'REQUIRED' }],
  ]);
});

describe('POST /api/front/auth/change-password', () => {
  let email: string;
  let current: TokenPair;
  let other: TokenPair;
  beforeAll(async () => {
    email = freshEmail('change');
    other = await signUp(test, email);
    current = await test.login(email, STRONG_PASSWORD);
  });

  itRefuses(() => test, 'POST', '/api/front/auth/change-password', [
    ['nothing', {}, { password: 'REQUIRED', repeatPassword: 'REQUIRED' }],
    ['a short password', { password: 'Ab1', repeatPassword: 'Ab1' }, { password: 'PASSWORD_TOO_SHORT' }],
    ['a weak password', { password: 'weakpassword', repeatPassword: 'weakpassword' }, { password: 'PASSWORD_WEAK' }],
    ['an empty repeat', { password: NEW_PASSWORD, repeatPassword: '' }, { repeatPassword: 'REQUIRED' }],
    ['a repeat that differs', { password: NEW_PASSWORD, repeatPassword: `${NEW_PASSWORD}!` }, { repeatPassword: 'PASSWORDS_DO_NOT_MATCH' }],
  ], { token: () => current.accessToken });

  it('needs a session', async () => {
    expectError(await changePassword('', NEW_PASSWORD), 401, 'UNAUTHORIZED');
  });

  it('sets the new password and ends the other logins, but not this one', async () => {
    const response = await changePassword(current.accessToken, NEW_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { changed: true } });

    expectError(await login(email, STRONG_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);

    await expectAccess(test, other.accessToken, 401, 'UNAUTHORIZED');
    expectError(await refresh(test, other.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    await expectAccess(test, current.accessToken);
    expect((await refresh(test, current.refreshToken)).status).toBe(200);
  });

  it('completes a forgotten-password flow: reset code, sign-in, new password', async () => {
    const user = freshEmail('flow');
    await signUp(test, user);
    await resetPassword(user);
    const session = (await confirmReset(user, await test.codeFromMail(user))).body.data as TokenPair;
    expect((await changePassword(session.accessToken, NEW_PASSWORD)).status).toBe(200);
    expect((await login(user, NEW_PASSWORD)).status).toBe(200);
  });
});
