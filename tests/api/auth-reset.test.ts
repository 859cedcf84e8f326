import type { TokenPair } from '@contract/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, memberships, sessions } from '../../server/db/schema';
import { MAIL_DICTIONARIES } from '../../server/mail/locales';
import { userByEmail, type TestApp } from './support/app';
import {
  createAuthTestApp,
  expectAccess,
  expectError,
  expectTokenPair,
  freshEmail,
  freshIp,
  fromIp,
  itRefuses,
  refresh,
  register,
  setUserStatus,
  signUp,
  STRONG_PASSWORD,
} from './support/auth';
import { itFollowsCodeRules } from './support/codes';
import { draftCompany } from './support/companies';

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
  // Each from an address of its own: code mails are limited per client too.
  return test.call('POST', '/api/front/auth/reset-password', { body: { email, region }, headers: fromIp(freshIp()) });
};
const confirmReset = (email: string, verifyCode: string) =>
  test.call('POST', '/api/front/auth/reset-password-confirm', { body: { email, verifyCode, region: 'ru' } });
/** Without `currentPassword` the change relies on the reset window. */
const changePassword = (token: string, password: string, currentPassword?: string) =>
  test.call('POST', '/api/front/auth/change-password', { token, body: { currentPassword, password, repeatPassword: password } });
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

  it('proves the address of a user who never confirmed it, and drops the password someone registered it with', async () => {
    const email = freshEmail('pending');
    await register(test, email);
    await resetPassword(email);
    const session = (await confirmReset(email, await test.codeFromMail(email))).body.data as TokenPair;
    expect((await userByEmail(test, email))?.status).toBe('active');
    // Whoever registered the address is not necessarily its owner: their password does not come with it.
    expectError(await login(email, STRONG_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await changePassword(session.accessToken, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
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

  it('gives no login to a person every company has blocked (decision 53), and changes nothing', async () => {
    const email = freshEmail('locked-out');
    const { accessToken } = await signUp(test, email);
    const supplierId = await draftCompany(test, accessToken, 'RU', { steps: 1 });
    const user = (await userByEmail(test, email))!;
    await test.database.db.update(memberships).set({ status: 'blocked' }).where(eq(memberships.userId, user.id));
    const sessionsBefore = await test.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await resetPassword(email);
    expectError(await confirmReset(email, await test.codeFromMail(email)), 403, 'USER_BLOCKED');
    expect(await test.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(sessionsBefore.length);
    expect((await userByEmail(test, email))!.passwordHash).toBe(user.passwordHash);
    // Unblocked by the company, the same way in works again.
    await test.database.db.update(memberships).set({ status: 'active' }).where(eq(memberships.supplierId, supplierId));
    test.clock.advance(MINUTE);
    await resetPassword(email);
    expect((await confirmReset(email, await test.codeFromMail(email))).status).toBe(200);
  });

  itRefuses(() => test, 'POST', '/api/front/auth/reset-password-confirm', [
    ['nothing', {}, { email: 'REQUIRED', verifyCode: 'REQUIRED', region: 'REQUIRED' }],
    ['a short code', { email: 'a@example.test', verifyCode: '1234', region: 'kz' }, { verifyCode: 'CODE_FORMAT' }],
    ['a blank code', { email: 'a@example.test', verifyCode: '   ', region: 'by' }, { verifyCode: 'REQUIRED' }],
  ]);
});

describe('POST /api/front/auth/change-password', () => {
  /** A signed-up user with two logins: the one that changes the password, and another. */
  const twoLogins = async (label: string) => {
    const email = freshEmail(label);
    const other = await signUp(test, email);
    return { email, other, current: await test.login(email, STRONG_PASSWORD) };
  };
  /** A signed-up user signed in by a confirmed reset code, inside the reset window. */
  const resetSession = async (label: string) => {
    const email = freshEmail(label);
    await signUp(test, email);
    await resetPassword(email);
    const session = (await confirmReset(email, await test.codeFromMail(email))).body.data as TokenPair;
    return { email, session };
  };

  let email: string;
  let current: TokenPair;
  beforeAll(async () => {
    ({ email, current } = await twoLogins('change-rules'));
  });

  itRefuses(
    () => test,
    'POST',
    '/api/front/auth/change-password',
    [
      ['nothing', {}, { password: 'REQUIRED', repeatPassword: 'REQUIRED' }],
      ['a short password', { password: 'Ab1', repeatPassword: 'Ab1' }, { password: 'PASSWORD_TOO_SHORT' }],
      ['a weak password', { password: 'weakpassword', repeatPassword: 'weakpassword' }, { password: 'PASSWORD_WEAK' }],
      ['a password with a tab', { password: 'Tab\tKey123', repeatPassword: 'Tab\tKey123' }, { password: 'PASSWORD_CONTROL_CHARS' }],
      [
        'a password with a C1 control',
        { password: 'Next\u0085Line1', repeatPassword: 'Next\u0085Line1' },
        { password: 'PASSWORD_CONTROL_CHARS' },
      ],
      [
        'a common password',
        { currentPassword: STRONG_PASSWORD, password: 'Password1', repeatPassword: 'Password1' },
        { password: 'PASSWORD_COMMON' },
      ],
      [
        'a common password in other case',
        { currentPassword: STRONG_PASSWORD, password: 'qWERTY123', repeatPassword: 'qWERTY123' },
        { password: 'PASSWORD_COMMON' },
      ],
      ['an empty repeat', { password: NEW_PASSWORD, repeatPassword: '' }, { repeatPassword: 'REQUIRED' }],
      [
        'a repeat that differs',
        { password: NEW_PASSWORD, repeatPassword: `${NEW_PASSWORD}!` },
        { repeatPassword: 'PASSWORDS_DO_NOT_MATCH' },
      ],
      [
        'an empty current password',
        { currentPassword: '', password: NEW_PASSWORD, repeatPassword: NEW_PASSWORD },
        { currentPassword: 'REQUIRED' },
      ],
    ],
    { token: () => current.accessToken, then: async () => expect((await login(email, STRONG_PASSWORD)).status).toBe(200) },
  );

  it('needs a session', async () => {
    expectError(await changePassword('', NEW_PASSWORD, STRONG_PASSWORD), 401, 'UNAUTHORIZED');
  });

  it('refuses a change without the current password, and keeps the password', async () => {
    const { email, current: session } = await twoLogins('no-current');
    expectError(await changePassword(session.accessToken, NEW_PASSWORD), 422, 'CURRENT_PASSWORD_REQUIRED', { currentPassword: 'REQUIRED' });
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    await expectAccess(test, session.accessToken);
  });

  it('refuses a wrong current password on its field, and counts it: 5 in 15 minutes', async () => {
    const { email, current: session } = await twoLogins('wrong-current');
    for (let attempt = 0; attempt < 5; attempt++) {
      expectError(await changePassword(session.accessToken, NEW_PASSWORD, 'Wrong4321'), 422, 'WRONG_CURRENT_PASSWORD', {
        currentPassword: 'WRONG_CURRENT_PASSWORD',
      });
    }
    const locked = await changePassword(session.accessToken, NEW_PASSWORD, STRONG_PASSWORD);
    expectError(locked, 429, 'TOO_MANY_ATTEMPTS');
    expect(locked.body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);

    test.clock.advance(15 * MINUTE); // the access token's life too: sign in again
    const later = await test.login(email, STRONG_PASSWORD);
    expect((await changePassword(later.accessToken, NEW_PASSWORD, STRONG_PASSWORD)).status).toBe(200);
  });

  it('does not count a right current password against the wrong ones', async () => {
    const { current: session } = await twoLogins('right-current');
    const wrong = () => changePassword(session.accessToken, NEW_PASSWORD, 'Wrong4321');
    for (let attempt = 0; attempt < 4; attempt++) expectError(await wrong(), 422, 'WRONG_CURRENT_PASSWORD');
    expect((await changePassword(session.accessToken, NEW_PASSWORD, STRONG_PASSWORD)).status).toBe(200);
    expectError(await wrong(), 422, 'WRONG_CURRENT_PASSWORD');
    expectError(await wrong(), 429, 'TOO_MANY_ATTEMPTS');
  });

  it('holds parallel guesses of the current password to the same 5', async () => {
    const { email, current: session } = await twoLogins('parallel-guess');
    const answers = await Promise.all(Array.from({ length: 12 }, () => changePassword(session.accessToken, NEW_PASSWORD, 'Wrong4321')));
    expect(answers.filter((answer) => answer.body?.error?.code === 'WRONG_CURRENT_PASSWORD')).toHaveLength(5);
    expect(answers.filter((answer) => answer.body?.error?.code === 'TOO_MANY_ATTEMPTS')).toHaveLength(7);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('with the current password: sets the new one and ends the other logins, but not this one', async () => {
    const { email, other, current: session } = await twoLogins('change');
    const response = await changePassword(session.accessToken, NEW_PASSWORD, STRONG_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { changed: true } });

    expectError(await login(email, STRONG_PASSWORD), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);

    await expectAccess(test, other.accessToken, 401, 'UNAUTHORIZED');
    expectError(await refresh(test, other.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    await expectAccess(test, session.accessToken);
    expect((await refresh(test, session.refreshToken)).status).toBe(200);
  });

  it('after a confirmed reset code: one change without the current password, then no more', async () => {
    const { email, session } = await resetSession('flow');
    expect((await changePassword(session.accessToken, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);

    expectError(await changePassword(session.accessToken, 'Third9876'), 422, 'CURRENT_PASSWORD_REQUIRED', { currentPassword: 'REQUIRED' });
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    // The session itself goes on, and with the current password it may change again.
    expect((await changePassword(session.accessToken, 'Third9876', NEW_PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of two parallel changes in the reset window through', async () => {
    const { email, session } = await resetSession('race');
    const answers = await Promise.all([changePassword(session.accessToken, 'Racer1111'), changePassword(session.accessToken, 'Racer2222')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const winner = answers[0]!.status === 200 ? 'Racer1111' : 'Racer2222';
    expect((await login(email, winner)).status).toBe(200);
  });

  it('closes the reset window after 10 minutes', async () => {
    const { email, session } = await resetSession('late');
    test.clock.advance(10 * MINUTE);
    expectError(await changePassword(session.accessToken, NEW_PASSWORD), 422, 'CURRENT_PASSWORD_REQUIRED');
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('keeps the reset window when the new password is refused', async () => {
    const { email, session } = await resetSession('refused');
    expectError(await changePassword(session.accessToken, 'Password1'), 422, 'VALIDATION_ERROR', { password: 'PASSWORD_COMMON' });
    expect((await changePassword(session.accessToken, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a new password equal to the current one, with the current password typed or after a reset code', async () => {
    const { current } = await twoLogins('same');
    expectError(await changePassword(current.accessToken, STRONG_PASSWORD, STRONG_PASSWORD), 422, 'VALIDATION_ERROR', {
      password: 'PASSWORD_SAME',
    });
    const { email, session } = await resetSession('same-reset');
    expectError(await changePassword(session.accessToken, STRONG_PASSWORD), 422, 'VALIDATION_ERROR', { password: 'PASSWORD_SAME' });
    // The refusal used nothing up: the window still takes one real change.
    expect((await changePassword(session.accessToken, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('opens no window for a sign-in with the password', async () => {
    const { current: session } = await twoLogins('login-no-window');
    expectError(await changePassword(session.accessToken, NEW_PASSWORD), 422, 'CURRENT_PASSWORD_REQUIRED');
  });
});
