import { INVITATION_TTL_DAYS } from '@contract/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations } from '../../server/db/schema';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, expectError, expectTokenPair, register, setUserStatus, STRONG_PASSWORD } from './support/auth';
import { expectOk } from './support/companies';
import {
  acceptInvitation,
  addPerson,
  checkInvitation,
  DAY_MS,
  INVITATION,
  invitationToken,
  invitingCompany,
  joinByInvitation,
  joinedPerson,
  mailsTo,
  membershipOf,
  usersAs,
} from './support/users';

/**
 * Issue 11: the invitation link (decisions 53, 074). Opening it only checks it; accepting sets the
 * password, activates the account, joins and signs in; an account holder joins with their password. It lives 7
 * days; sending it again makes a new link and the old one stops working; an accepted, withdrawn or superseded link
 * is refused with its reason.
 */

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

/** A company, its admin and one invitee with the link mailed to them. */
async function invited(roles: ('roleAdmin' | 'roleAccountant' | 'roleRedeemer')[] = ['roleRedeemer']) {
  const boss = await invitingCompany(test);
  const person = await addPerson(test, boss.token, boss.supplierId, { roles });
  return { boss, person, token: await invitationToken(test, person.email) };
}

/** The boss's token after the clock moved past its lifetime. */
const signInAgain = async (email: string) => (await test.login(email, STRONG_PASSWORD)).accessToken;

describe('opening the link', () => {
  it('greets the person, says until when it works, and changes nothing', async () => {
    const { boss, person, token } = await invited();
    const expiresAt = new Date(test.clock.now().getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
    const view = { email: person.email, firstName: 'Olga', companyName: 'Sber Gifts', expiresAt, account: 'new' };
    expect(expectOk(await checkInvitation(test, token))).toEqual(view);
    expect(expectOk(await checkInvitation(test, token))).toEqual(view);
    expect(await userByEmail(test, person.email)).toMatchObject({ status: 'pending' });
    expect(expectOk(await usersAs(test, boss.token).info(boss.supplierId, person.id)).status).toBe('invited');
  });

  it('refuses an unknown link (400), and one past its 7 days (410) but not a second before', async () => {
    expectError(await checkInvitation(test, 'not-a-real-token'), 400, 'INVALID_LINK');
    expectError(await acceptInvitation(test, 'not-a-real-token'), 400, 'INVALID_LINK');
    const { token } = await invited();
    test.clock.advance(INVITATION_TTL_DAYS * DAY_MS - 1000);
    expect((await checkInvitation(test, token)).status).toBe(200);
    test.clock.advance(1000);
    expectError(await checkInvitation(test, token), 410, 'INVITATION_EXPIRED');
    expectError(await acceptInvitation(test, token), 410, 'INVITATION_EXPIRED');
  });
});

describe('accepting', () => {
  it('sets the password, activates the account and signs in to the company with its roles', async () => {
    const { boss, person, token } = await invited(['roleAccountant', 'roleRedeemer']);
    const accepted = expectOk(await acceptInvitation(test, token));
    expect(accepted).toEqual({ ...accepted, supplierId: boss.supplierId, roles: ['roleAccountant', 'roleRedeemer'] });
    expectTokenPair(accepted, test.clock.now());
    expect(await userByEmail(test, person.email)).toMatchObject({ status: 'active', passwordHash: expect.stringMatching(/^\$argon2/) });
    const [row] = await test.database.db.select().from(invitations).where(eq(invitations.userId, person.id));
    expect(row!.acceptedAt?.toISOString()).toBe(test.clock.now().toISOString());
    const [entry] = await test.database.db.select().from(auditLog).where(eq(auditLog.action, 'member.invitationAccepted'));
    expect(entry).toMatchObject({ userId: person.id, subjectUserId: person.id, supplierId: boss.supplierId });

    // The link has done its work.
    expectError(await checkInvitation(test, token), 409, 'INVITATION_NOT_PENDING');
    expectError(await acceptInvitation(test, token, 'Another5678'), 409, 'INVITATION_NOT_PENDING');
    expect((await test.login(person.email, STRONG_PASSWORD)).accessToken).toBeTruthy();
    expectError(await usersAs(test, boss.token).resend(boss.supplierId, person.id), 409, 'INVITATION_NOT_PENDING');
  });

  it('judges the new password like registration does, and keeps the invitation on a refusal', async () => {
    const { person, token } = await invited();
    expectError(await acceptInvitation(test, token, 'Password1'), 422, 'VALIDATION_ERROR', { password: 'PASSWORD_COMMON' });
    expectError(await acceptInvitation(test, token, 'short1A'), 422, 'VALIDATION_ERROR', { password: 'PASSWORD_TOO_SHORT' });
    expectError(await acceptInvitation(test, token, STRONG_PASSWORD, 'Strong12345'), 422, 'VALIDATION_ERROR', {
      repeatPassword: 'PASSWORDS_DO_NOT_MATCH',
    });
    const missing = await test.call('POST', `${INVITATION}/accept`, {
      body: { password: STRONG_PASSWORD, repeatPassword: STRONG_PASSWORD },
    });
    expectError(missing, 422, 'VALIDATION_ERROR', { token: 'REQUIRED' });
    expect(await userByEmail(test, person.email)).toMatchObject({ status: 'pending', passwordHash: '!' });
    expect(expectOk(await acceptInvitation(test, token)).supplierId).toBeTruthy();
  });

  it('refuses a registration over an invited address: the company keeps what it typed, the link stays the way in', async () => {
    const { boss, person, token } = await invited();
    test.clock.advance(60_000);
    expectError(await register(test, person.email, { firstName: 'Mallory', phone: '+7 911 000-00-00' }), 409, 'EMAIL_INVITED', {
      email: 'EMAIL_INVITED',
    });
    expect(await userByEmail(test, person.email)).toMatchObject({ status: 'pending', firstName: 'Olga', passwordHash: '!' });
    expect(expectOk(await usersAs(test, boss.token).info(boss.supplierId, person.id))).toMatchObject({
      firstName: 'Olga',
      phone: '+79001112233',
      status: 'invited',
    });
    expect(expectOk(await acceptInvitation(test, token)).supplierId).toBe(boss.supplierId);
  });

  it('joins only the company whose link is accepted: another invitation waits for its own answer', async () => {
    const first = await invited();
    const second = await invitingCompany(test);
    test.clock.advance(1000);
    await addPerson(test, second.token, second.supplierId, { email: first.person.email, roles: ['roleAccountant'] });
    const secondToken = await invitationToken(test, first.person.email);
    expect(secondToken).not.toBe(first.token);
    expect(expectOk(await checkInvitation(test, secondToken))).toMatchObject({ companyName: 'Sber Gifts', account: 'new' });

    const accepted = expectOk(await acceptInvitation(test, secondToken));
    expect(accepted).toMatchObject({ supplierId: second.supplierId, roles: ['roleAccountant'] });
    // The first company's invitation is still open: the person now has a password, and joins with it.
    expect(await membershipOf(test, first.boss.supplierId, first.person.id)).toBeUndefined();
    expect(expectOk(await usersAs(test, first.boss.token).info(first.boss.supplierId, first.person.id)).status).toBe('invited');
    expect(expectOk(await checkInvitation(test, first.token))).toMatchObject({ account: 'existing' });
    expectError(await acceptInvitation(test, first.token), 409, 'INVITATION_FOR_ACCOUNT');
    const joined = expectOk(await joinByInvitation(test, first.token, STRONG_PASSWORD));
    expect(joined.supplierId).toBe(first.boss.supplierId);
    const products = await test.call('GET', `/api/front/supplier/products?supplierId=${first.boss.supplierId}`, {
      token: joined.accessToken,
    });
    expect(products.status, products.text).toBe(200);
  });

  it('refuses the link of an account the marketplace blocked, and of a withdrawn invitation', async () => {
    const { person, token } = await invited();
    await setUserStatus(test, person.email, 'blocked');
    expectError(await checkInvitation(test, token), 403, 'USER_BLOCKED');
    expectError(await acceptInvitation(test, token), 403, 'USER_BLOCKED');

    const other = await invited();
    expectOk(await usersAs(test, other.boss.token).withdraw(other.boss.supplierId, other.person.id));
    expectError(await checkInvitation(test, other.token), 400, 'INVALID_LINK');
    expectError(await acceptInvitation(test, other.token), 400, 'INVALID_LINK');
  });

  it('lets someone every company blocked join a company that invites them, with their password', async () => {
    const first = await invitingCompany(test, 'RU', 'first');
    const cashier = await joinedPerson(test, first.token, first.supplierId);
    expectOk(await usersAs(test, first.token).block(first.supplierId, cashier.id));
    expectError(
      await test.call('POST', '/api/front/auth/login', { body: { email: cashier.email, password: STRONG_PASSWORD } }),
      403,
      'USER_BLOCKED',
    );
    const second = await invitingCompany(test, 'RU', 'second');
    await addPerson(test, second.token, second.supplierId, { email: cashier.email });
    const token = await invitationToken(test, cashier.email);
    expectError(await joinByInvitation(test, token, 'Wrong-Passw0rd'), 401, 'INVALID_CREDENTIALS');
    const joined = expectOk(await joinByInvitation(test, token, STRONG_PASSWORD));
    expect(joined.supplierId).toBe(second.supplierId);
    // The first company's block stands.
    const call = (supplierId: string) =>
      test.call('GET', `/api/front/supplier/products?supplierId=${supplierId}`, { token: joined.accessToken });
    expect((await call(second.supplierId)).status).toBe(200);
    expectError(await call(first.supplierId), 403, 'MEMBERSHIP_BLOCKED');
  });
});

describe('sending it again', () => {
  it('makes a new link: the old one is unknown at once, the new one works for 7 days from now', async () => {
    const { boss, person, token } = await invited();
    test.clock.advance(3 * DAY_MS);
    const api = usersAs(test, await signInAgain(boss.email));
    const resent = expectOk(await api.resend(boss.supplierId, person.id));
    const expiresAt = new Date(test.clock.now().getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
    expect(resent.invitation).toEqual({ expiresAt, mail: expect.objectContaining({ to: person.email, status: 'pending' }) });
    const newToken = await invitationToken(test, person.email);
    expect(newToken).not.toBe(token);
    expectError(await checkInvitation(test, token), 400, 'INVALID_LINK');
    expectError(await acceptInvitation(test, token), 400, 'INVALID_LINK');
    test.clock.advance(INVITATION_TTL_DAYS * DAY_MS - 1000);
    expect(expectOk(await checkInvitation(test, newToken)).expiresAt).toBe(expiresAt);
    expect(expectOk(await acceptInvitation(test, newToken)).supplierId).toBe(boss.supplierId);
  });

  it('revives an expired invitation', async () => {
    const { boss, person, token } = await invited();
    test.clock.advance(30 * DAY_MS);
    expectError(await checkInvitation(test, token), 410, 'INVITATION_EXPIRED');
    const api = usersAs(test, await signInAgain(boss.email));
    expect(expectOk(await api.info(boss.supplierId, person.id)).status).toBe('invitationExpired');
    expect(expectOk(await api.resend(boss.supplierId, person.id)).status).toBe('invited');
    expect((await checkInvitation(test, await invitationToken(test, person.email))).status).toBe(200);
  });

  it('sends at most 5 a hour to one person of one company', async () => {
    const { boss, person } = await invited();
    const api = usersAs(test, boss.token);
    for (let round = 0; round < 5; round += 1) {
      test.clock.advance(1000);
      expectOk(await api.resend(boss.supplierId, person.id));
    }
    const refused = await api.resend(boss.supplierId, person.id);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(refused.body.error.retryAfterSeconds).toBeGreaterThan(3500);
    // Only the sent ones are mailed and written down.
    expect(await mailsTo(test, person.email)).toHaveLength(6);
    const history = expectOk(await api.info(boss.supplierId, person.id)).history;
    expect(history.filter((entry: { action: string }) => entry.action === 'invitationResent')).toHaveLength(5);
    test.clock.advance(3_600_000);
    expectOk(await usersAs(test, await signInAgain(boss.email)).resend(boss.supplierId, person.id));
  });

  it('is only for someone who has not accepted', async () => {
    const boss = await invitingCompany(test);
    const api = usersAs(test, boss.token);
    const bossId = (await userByEmail(test, boss.email))!.id;
    expectError(await api.resend(boss.supplierId, bossId), 409, 'INVITATION_NOT_PENDING');
    const { person, token } = await invited();
    expectOk(await acceptInvitation(test, token));
    expect(await membershipOf(test, boss.supplierId, person.id)).toBeUndefined();
    expectError(await api.resend(boss.supplierId, person.id), 404, 'USER_NOT_FOUND');
  });
});

describe('a login begun by accepting', () => {
  it('is a login like any other: it refreshes and ends on logout', async () => {
    const { token } = await invited();
    const accepted = expectOk(await acceptInvitation(test, token));
    const refreshed = await test.call('POST', '/api/front/auth/refresh', { body: { refreshToken: accepted.refreshToken } });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect((await test.call('POST', '/api/front/auth/logout', { token: refreshed.body.data.accessToken })).status).toBe(200);
    expectError(
      await test.call('POST', '/api/front/auth/refresh', { body: { refreshToken: refreshed.body.data.refreshToken } }),
      401,
      'INVALID_REFRESH_TOKEN',
    );
  });
});
