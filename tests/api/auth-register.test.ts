import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, mailOutbox } from '../../server/db/schema';
import { MAIL_DICTIONARIES } from '../../server/mail/locales';
import { userByEmail, type TestApp } from './support/app';
import {
  createAuthTestApp,
  expectError,
  expectTokenPair,
  freshEmail,
  freshIp,
  fromIp,
  itRefuses,
  register,
  registration,
  setUserStatus,
  STRONG_PASSWORD,
} from './support/auth';
import { itFollowsCodeRules, wrongCode } from './support/codes';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const CODE_SENT = { resendAfterSeconds: 60, codeExpiresInSeconds: 900 };

let test: TestApp;
beforeAll(async () => {
  // A registered user has no memberships, so get-info shows this list (SPEC §4).
  test = await createAuthTestApp({ DEFAULT_ROLES: 'roleRedeemer, roleAccountant', PUBLIC_URL: 'https://portal.example.test' });
});
afterAll(() => test?.close());

const confirm = (email: string, verifyCode: string) =>
  test.call('POST', '/api/front/auth/register-confirm', { body: { email, verifyCode, region: 'ru' } });
// Each from an address of its own: code mails are limited per client too.
const resend = (email: string) =>
  test.call('POST', '/api/front/auth/resend-confirm-email', { body: { email, region: 'ru' }, headers: fromIp(freshIp()) });
const login = (email: string, password = STRONG_PASSWORD) =>
  test.call('POST', '/api/front/auth/login', { body: { email, password }, headers: fromIp(freshIp()) });
const mailCount = async (to: string) => (await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

const nothingMailed = async () => expect(await mailCount('valid@example.test')).toBe(0);

const linkFromMail = async (to: string): Promise<URL> => {
  const url = (await test.latestMail(to))?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link mailed to ${to}`);
  return new URL(url);
};

describe('POST /api/front/auth/register', () => {
  it('creates a pending user, mails a 6-digit code and a link, and answers the countdown', async () => {
    const email = freshEmail('new');
    const response = await register(test, email.toUpperCase(), { firstName: '  Olga ', phone: '+7 (999) 765-43-21' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: CODE_SENT });

    // Stored lower-case, trimmed and normalised, with an Argon2id hash and no password.
    const user = await userByEmail(test, email);
    expect(user).toMatchObject({ status: 'pending', firstName: 'Olga', phone: '+79997654321', region: 'ru', preferredLanguage: 'ru-RU' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(STRONG_PASSWORD);

    const mail = await test.latestMail(email);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain('Olga');
    const link = await linkFromMail(email);
    expect(link.origin + link.pathname).toBe('https://portal.example.test/auth-correction');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')?.length).toBeGreaterThanOrEqual(22);
    // Only hashes of the code and the link token are kept.
    const [stored] = await test.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    const kept = Object.values(stored!);
    expect(kept).not.toContain(await test.codeFromMail(email));
    expect(kept).not.toContain(link.searchParams.get('token'));

    expectError(await login(email), 403, 'EMAIL_NOT_CONFIRMED');
  });

  it('mails in the language of the registration', async () => {
    const russian = freshEmail('ru');
    const spanish = freshEmail('es');
    await register(test, russian);
    await register(test, spanish, { region: 'es', language: 'es-ES' });
    expect((await test.latestMail(russian))?.subject).toBe(MAIL_DICTIONARIES.ru.registerSubject);
    expect((await test.latestMail(spanish))?.subject).toBe(MAIL_DICTIONARIES.es.registerSubject);
  });

  it('refuses an address that is already confirmed, in any case', async () => {
    const response = await register(test, 'Admin@Demo.test');
    expectError(response, 409, 'EMAIL_IN_USE', { email: 'EMAIL_IN_USE' });
    expect(await mailCount('admin@demo.test')).toBe(0);
  });

  it('keeps whose registration it is while its code is live: a later one is refused, the code confirms the first password', async () => {
    const email = freshEmail('race');
    await register(test, email, { firstName: 'Owner' });
    const code = await test.codeFromMail(email);

    // At once or a minute later, someone else registers the same address: refused, nothing of the first changes, no mail.
    expectError(await register(test, email, { firstName: 'Early' }), 409, 'REGISTRATION_PENDING');
    test.clock.advance(MINUTE);
    const later = await register(test, email, { firstName: 'Mallory', password: 'Attacker99' });
    expectError(later, 409, 'REGISTRATION_PENDING', { email: 'REGISTRATION_PENDING' });
    expect(later.body.error.retryAfterSeconds).toBe(14 * 60);
    expect(await mailCount(email)).toBe(1);
    expect(await userByEmail(test, email)).toMatchObject({ firstName: 'Owner', status: 'pending' });

    // The owner types the code from their mailbox: their own password is the one that works.
    expect((await confirm(email, code)).status).toBe(200);
    expectError(await login(email, 'Attacker99'), 401, 'INVALID_CREDENTIALS');
    expect((await login(email)).status).toBe(200);
  });

  it('lets an unconfirmed address register again once its code has run out, replacing the profile and the code', async () => {
    const email = freshEmail('again');
    await register(test, email, { firstName: 'First' });
    const firstCode = await test.codeFromMail(email);
    test.clock.advance(15 * MINUTE);
    const again = await register(test, email, { firstName: 'Second', password: 'Another123' });
    expect(again.status).toBe(200);
    expect((await userByEmail(test, email))?.firstName).toBe('Second');

    const secondCode = await test.codeFromMail(email);
    if (secondCode !== firstCode) expectError(await confirm(email, firstCode), 422, 'WRONG_CONFIRMATION_CODE');
    expect((await confirm(email, secondCode)).status).toBe(200);
    expectError(await login(email), 401, 'INVALID_CREDENTIALS');
    expect((await login(email, 'Another123')).status).toBe(200);
  });

  it('limits registrations per address (20 an hour)', async () => {
    const ip = freshIp();
    const from = (email: string) => test.call('POST', '/api/front/auth/register', { body: registration(email), headers: fromIp(ip) });
    for (let index = 0; index < 20; index++) expect((await from(freshEmail('burst'))).status).toBe(200);
    const refused = await from(freshEmail('burst'));
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect((await register(test, freshEmail('elsewhere'))).status).toBe(200);
    test.clock.advance(60 * MINUTE);
    expect((await from(freshEmail('burst'))).status).toBe(200);
  });

  const valid = registration('valid@example.test');
  itRefuses(
    () => test,
    'POST',
    '/api/front/auth/register',
    [
      [
        'nothing',
        {},
        {
          firstName: 'REQUIRED',
          secondName: 'REQUIRED',
          email: 'REQUIRED',
          phone: 'REQUIRED',
          password: 'REQUIRED',
          region: 'REQUIRED',
          language: 'REQUIRED',
        },
      ],
      ['blank names', { ...valid, firstName: '   ', secondName: '' }, { firstName: 'REQUIRED', secondName: 'REQUIRED' }],
      [
        'over-long names',
        { ...valid, firstName: 'Я'.repeat(101), secondName: 'x'.repeat(1000) },
        { firstName: 'TOO_LONG', secondName: 'TOO_LONG' },
      ],
      ['a name of the wrong type', { ...valid, firstName: 7, secondName: null }, { firstName: 'WRONG_TYPE', secondName: 'REQUIRED' }],
      ['a malformed e-mail', { ...valid, email: 'ivan@' }, { email: 'EMAIL_INVALID' }],
      ['a phone with letters', { ...valid, phone: '+7 999 CALL-ME' }, { phone: 'PHONE_INVALID' }],
      ['a phone too short', { ...valid, phone: '12-34' }, { phone: 'PHONE_INVALID' }],
      ['a phone too long', { ...valid, phone: '1'.repeat(41) }, { phone: 'TOO_LONG' }],
      ['a short password', { ...valid, password: 'Ab1' }, { password: 'PASSWORD_TOO_SHORT' }],
      ['a password without upper case', { ...valid, password: 'lower1234' }, { password: 'PASSWORD_WEAK' }],
      ['a password without lower case', { ...valid, password: 'UPPER1234' }, { password: 'PASSWORD_WEAK' }],
      ['a password without digits', { ...valid, password: 'NoDigitsHere' }, { password: 'PASSWORD_WEAK' }],
      ['an over-long password', { ...valid, password: `Aa1${'x'.repeat(126)}` }, { password: 'TOO_LONG' }],
      ['a password with NUL', { ...valid, password: 'Nul\u0000Char12' }, { password: 'PASSWORD_CONTROL_CHARS' }],
      ['a password with DEL', { ...valid, password: 'Del\u007fChar12' }, { password: 'PASSWORD_CONTROL_CHARS' }],
      ['a password with escape', { ...valid, password: 'Esc\u001b[31mRed1' }, { password: 'PASSWORD_CONTROL_CHARS' }],
      ['a common password (Password1)', { ...valid, password: 'Password1' }, { password: 'PASSWORD_COMMON' }],
      ['a common password (Qwerty123)', { ...valid, password: 'Qwerty123' }, { password: 'PASSWORD_COMMON' }],
      ['a common password in odd case', { ...valid, password: 'pASSWORD1' }, { password: 'PASSWORD_COMMON' }],
      [
        'an unknown region and language',
        { ...valid, region: 'us', language: 'de-DE' },
        { region: 'UNKNOWN_VALUE', language: 'UNKNOWN_VALUE' },
      ],
    ],
    { then: nothingMailed },
  );
});

describe('POST /api/front/auth/register-confirm', () => {
  it('confirms with the code, signs in, and gives the configured default roles', async () => {
    const email = freshEmail('confirm');
    await register(test, email);
    const response = await confirm(email, await test.codeFromMail(email));
    expect(response.status).toBe(200);
    expectTokenPair(response.body.data, test.clock.now());
    expect((await userByEmail(test, email))?.status).toBe('active');

    const info = await test.call('GET', '/api/front/user/account/get-info', { token: response.body.data.accessToken });
    expect(info.body.data).toMatchObject({ email, roles: ['roleRedeemer', 'roleAccountant'], memberships: [], isStaff: false });
    const suppliers = await test.call('GET', '/api/front/supplier/supplier/index', { token: response.body.data.accessToken });
    expect(suppliers.body).toEqual({ data: { supplierItems: [] } });
    expect((await login(email)).status).toBe(200);
  });

  itFollowsCodeRules(() => test, {
    send: async () => {
      const email = freshEmail('code');
      await register(test, email);
      return email;
    },
    confirm,
  });

  it('keeps the user pending past the try limit, until a new code is confirmed', async () => {
    const email = freshEmail('tries');
    await register(test, email);
    const code = await test.codeFromMail(email);
    for (let attempt = 0; attempt < 5; attempt++) await confirm(email, wrongCode(code));
    expectError(await confirm(email, code), 429, 'TOO_MANY_ATTEMPTS');
    expect((await userByEmail(test, email))?.status).toBe('pending');

    test.clock.advance(MINUTE);
    expect((await resend(email)).status).toBe(200);
    expect((await confirm(email, await test.codeFromMail(email))).status).toBe(200);
  });

  it('refuses a code for an address that never registered', async () => {
    expectError(await confirm(freshEmail('stranger'), '123456'), 422, 'WRONG_CONFIRMATION_CODE');
  });

  it('does not activate a user blocked before confirming', async () => {
    const email = freshEmail('blocked');
    await register(test, email);
    await setUserStatus(test, email, 'blocked');
    expectError(await confirm(email, await test.codeFromMail(email)), 403, 'USER_BLOCKED');
    expect((await userByEmail(test, email))?.status).toBe('blocked');
  });

  itRefuses(() => test, 'POST', '/api/front/auth/register-confirm', [
    ['nothing', {}, { verifyCode: 'REQUIRED', email: 'REQUIRED', region: 'REQUIRED' }],
    ['five digits', { email: 'a@example.test', verifyCode: '12345', region: 'ru' }, { verifyCode: 'CODE_FORMAT' }],
    ['letters', { email: 'a@example.test', verifyCode: '12a456', region: 'ru' }, { verifyCode: 'CODE_FORMAT' }],
    ['a number instead of a string', { email: 'a@example.test', verifyCode: 123456, region: 'ru' }, { verifyCode: 'WRONG_TYPE' }],
    ['a bad e-mail and region', { email: 'a', verifyCode: '123456', region: 'RU' }, { email: 'EMAIL_INVALID', region: 'UNKNOWN_VALUE' }],
  ]);
});

describe('POST /api/front/auth/resend-confirm-email', () => {
  it('counts down the pause before the next code, then sends a new one that replaces the old', async () => {
    const email = freshEmail('resend');
    await register(test, email);
    const firstCode = await test.codeFromMail(email);

    test.clock.advance(20 * SECOND);
    const early = await resend(email);
    expectError(early, 429, 'RESEND_TOO_EARLY');
    expect(early.body.error.retryAfterSeconds).toBe(40);
    expect(early.headers.get('retry-after')).toBe('40');
    test.clock.advance(39 * SECOND);
    expect((await resend(email)).body.error.retryAfterSeconds).toBe(1);
    expect(await mailCount(email)).toBe(1);

    test.clock.advance(SECOND);
    const sent = await resend(email);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ data: CODE_SENT });
    expect(await mailCount(email)).toBe(2);
    const secondCode = await test.codeFromMail(email);
    if (secondCode !== firstCode) expectError(await confirm(email, firstCode), 422, 'WRONG_CONFIRMATION_CODE');
    expect((await confirm(email, secondCode)).status).toBe(200);
  });

  it('sends at most 5 codes an hour', async () => {
    const email = freshEmail('hourly');
    await register(test, email);
    for (let send = 2; send <= 5; send++) {
      test.clock.advance(MINUTE);
      expect((await resend(email)).status).toBe(200);
    }
    test.clock.advance(MINUTE);
    const refused = await resend(email);
    expectError(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.body.error.retryAfterSeconds).toBe(60 * 60 - 5 * 60);
    expect(await mailCount(email)).toBe(5);

    test.clock.advance(55 * MINUTE);
    expect((await resend(email)).status).toBe(200);
    expect(await mailCount(email)).toBe(6);
  });

  it('answers alike for an unknown or confirmed address, sends nothing, and still counts', async () => {
    const unknown = freshEmail('unknown');
    const first = await resend(unknown);
    expect(first.body).toEqual({ data: CODE_SENT });
    expectError(await resend(unknown), 429, 'RESEND_TOO_EARLY');
    expect(await mailCount(unknown)).toBe(0);

    expect((await resend('accountant@demo.test')).body).toEqual({ data: CODE_SENT });
    expect(await mailCount('accountant@demo.test')).toBe(0);
  });

  itRefuses(() => test, 'POST', '/api/front/auth/resend-confirm-email', [
    ['nothing', {}, { email: 'REQUIRED', region: 'REQUIRED' }],
    ['a bad e-mail and region', { email: 'nobody', region: 'fr' }, { email: 'EMAIL_INVALID', region: 'UNKNOWN_VALUE' }],
  ]);
});

describe('auth-correction: the link in the registration mail', () => {
  const follow = (link: URL) => test.call('GET', `/api/front/auth/auth-correction${link.search}`);
  const setPassword = (link: URL, password: string, repeatPassword = password) =>
    test.call('POST', '/api/front/auth/auth-correction', {
      body: { email: link.searchParams.get('email'), token: link.searchParams.get('token'), password, repeatPassword },
    });
  const OWNER_PASSWORD = 'Owner5678';

  it('GET only checks the link: however often it is opened, nothing changes', async () => {
    const email = freshEmail('link');
    await register(test, email);
    const link = await linkFromMail(email);
    for (let opened = 0; opened < 3; opened++) {
      const response = await follow(link);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { email, status: 'pending' } });
    }
    expect((await userByEmail(test, email))?.status).toBe('pending');
    expectError(await login(email), 403, 'EMAIL_NOT_CONFIRMED');
    // The code still works: opening the link used nothing up.
    expect((await confirm(email, await test.codeFromMail(email))).status).toBe(200);
  });

  it('POST sets the password typed on the page, confirms the address, and is spent', async () => {
    const email = freshEmail('link-set');
    await register(test, email);
    const link = await linkFromMail(email);
    const response = await setPassword(link, OWNER_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { email, status: 'confirmed' } });
    expect((await userByEmail(test, email))?.status).toBe('active');
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);

    expectError(await setPassword(link, 'Another567'), 400, 'INVALID_LINK');
    expectError(await follow(link), 400, 'INVALID_LINK');
    expectError(await confirm(email, await test.codeFromMail(email)), 422, 'WRONG_CONFIRMATION_CODE');
  });

  it("pre-registration takeover: the registrant's password never survives the owner's confirmation by link", async () => {
    const victim = freshEmail('victim');
    // Someone registers the victim's address with a password of their own.
    await register(test, victim, { firstName: 'Mallory', password: 'Attacker99' });
    const link = await linkFromMail(victim);
    // A mail scanner opens the link: nothing is confirmed, the attacker cannot sign in.
    expect((await follow(link)).status).toBe(200);
    expect((await userByEmail(test, victim))?.status).toBe('pending');
    expectError(await login(victim, 'Attacker99'), 403, 'EMAIL_NOT_CONFIRMED');

    // The owner opens the link and sets a password: theirs is the only one that works.
    expect((await setPassword(link, OWNER_PASSWORD)).status).toBe(200);
    expectError(await login(victim, 'Attacker99'), 401, 'INVALID_CREDENTIALS');
    expect((await login(victim, OWNER_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong token, another address, a replaced link and an expired one, on GET and POST alike', async () => {
    const email = freshEmail('bad-link');
    await register(test, email);
    const link = await linkFromMail(email);
    const refused = async (bad: URL) => {
      expectError(await follow(bad), 400, 'INVALID_LINK');
      expectError(await setPassword(bad, OWNER_PASSWORD), 400, 'INVALID_LINK');
    };

    const tampered = new URL(link);
    tampered.searchParams.set('token', `${link.searchParams.get('token')}x`);
    await refused(tampered);
    const otherAddress = new URL(link);
    otherAddress.searchParams.set('email', 'admin@demo.test');
    await refused(otherAddress);

    test.clock.advance(MINUTE);
    await resend(email);
    await refused(link);
    const newLink = await linkFromMail(email);
    test.clock.advance(15 * MINUTE);
    await refused(newLink);
    expect((await userByEmail(test, email))?.status).toBe('pending');
  });

  it('is spent once the code has been used', async () => {
    const email = freshEmail('code-first');
    await register(test, email);
    const link = await linkFromMail(email);
    await confirm(email, await test.codeFromMail(email));
    expectError(await follow(link), 400, 'INVALID_LINK');
    expectError(await setPassword(link, OWNER_PASSWORD), 400, 'INVALID_LINK');
    expect((await login(email)).status).toBe(200);
  });

  it('does not activate a user blocked before confirming', async () => {
    const email = freshEmail('link-blocked');
    await register(test, email);
    const link = await linkFromMail(email);
    await setUserStatus(test, email, 'blocked');
    expectError(await follow(link), 403, 'USER_BLOCKED');
    expectError(await setPassword(link, OWNER_PASSWORD), 403, 'USER_BLOCKED');
    expect((await userByEmail(test, email))?.status).toBe('blocked');
  });

  it('refuses a common password and keeps the link', async () => {
    const email = freshEmail('link-common');
    await register(test, email);
    const link = await linkFromMail(email);
    expectError(await setPassword(link, 'Qwerty123'), 422, 'VALIDATION_ERROR', { password: 'PASSWORD_COMMON' });
    expect((await userByEmail(test, email))?.status).toBe('pending');
    expect((await setPassword(link, OWNER_PASSWORD)).status).toBe(200);
  });

  itRefuses(() => test, 'GET', '/api/front/auth/auth-correction', [
    ['no query', '', { email: 'REQUIRED', token: 'REQUIRED' }],
    ['an empty token', '?email=a%40example.test&token=', { token: 'REQUIRED' }],
    ['a bad e-mail', '?email=nope&token=abc', { email: 'EMAIL_INVALID' }],
    ['an over-long token', `?email=a%40example.test&token=${'t'.repeat(513)}`, { token: 'TOO_LONG' }],
  ]);

  const body = { email: 'a@example.test', token: 'abc', password: OWNER_PASSWORD, repeatPassword: OWNER_PASSWORD };
  itRefuses(() => test, 'POST', '/api/front/auth/auth-correction', [
    ['nothing', {}, { email: 'REQUIRED', token: 'REQUIRED', password: 'REQUIRED', repeatPassword: 'REQUIRED' }],
    ['a weak password', { ...body, password: 'weakpass1', repeatPassword: 'weakpass1' }, { password: 'PASSWORD_WEAK' }],
    [
      'a control character',
      { ...body, password: 'Bell\u0007Ring1', repeatPassword: 'Bell\u0007Ring1' },
      { password: 'PASSWORD_CONTROL_CHARS' },
    ],
    ['a repeat that differs', { ...body, repeatPassword: 'Owner5679' }, { repeatPassword: 'PASSWORDS_DO_NOT_MATCH' }],
    ['a bad e-mail and token', { ...body, email: 'nope', token: '' }, { email: 'EMAIL_INVALID', token: 'REQUIRED' }],
  ]);
});
