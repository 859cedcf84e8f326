import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, users } from '../../server/db/schema';
import { userByEmail, type TestApp, type TestResponse } from './support/app';
import { createAuthTestApp, expectError, freshIp, fromIp, refresh, STRONG_PASSWORD } from './support/auth';
import { expectOk, get } from './support/companies';
import { addPerson, alsoJoins, invitingCompany, joinedPerson, membershipOf, person, supplierIdOf, USERS, usersAs } from './support/users';

/**
 * Issue 11, decision 53: who may call the users API (a company's admins, for their own company's
 * people only), the rules that keep a company manageable, and what a block does to the person's
 * access at once: in that company, and everywhere when it was their last one.
 */

let test: TestApp;
let demoGifts: string;
const tokens = { admin: '', accountant: '', redeemer: '' };
const ids = { admin: '', accountant: '', redeemer: '' };
beforeAll(async () => {
  test = await createAuthTestApp();
  demoGifts = await supplierIdOf(test, 'Demo Gifts');
  for (const who of ['admin', 'accountant', 'redeemer'] as const) {
    tokens[who] = (await test.login(`${who}@demo.test`)).accessToken;
    ids[who] = (await userByEmail(test, `${who}@demo.test`))!.id;
  }
});
afterAll(() => test?.close());

/** Every users call, naming the company and (but for list and add) a person in it. */
const everyCall = (supplierId: string, userId: string): [string, 'GET' | 'POST', string, unknown][] => [
  ['list', 'GET', `/list?supplierId=${supplierId}`, undefined],
  ['info', 'GET', `/info?supplierId=${supplierId}&userId=${userId}`, undefined],
  ['add', 'POST', '/add', person(supplierId, { roles: ['roleAdmin'] })],
  ['roles', 'POST', '/roles', { supplierId, userId, roles: ['roleAdmin'] }],
  ['block', 'POST', '/block', { supplierId, userId, reason: 'No.' }],
  ['unblock', 'POST', '/unblock', { supplierId, userId }],
  ['resend-invitation', 'POST', '/resend-invitation', { supplierId, userId }],
  ['withdraw-invitation', 'POST', '/withdraw-invitation', { supplierId, userId }],
];
const outcome = (response: TestResponse) => ({ status: response.status, code: response.body?.error?.code });

/** Like GET /supplier/products: a call that only needs the person to be in the company. */
const companyCall = (token: string, supplierId: string) => get(test, token, `/products?supplierId=${supplierId}`);
const signIn = (email: string) =>
  test.call('POST', '/api/front/auth/login', { body: { email, password: STRONG_PASSWORD }, headers: fromIp(freshIp()) });

describe('who may call', () => {
  it('refuses accountants and redeemers (403), admins of another company (404) and no token (401) on every call', async () => {
    const stranger = await invitingCompany(test, 'RU', 'stranger');
    const strangersPerson = await addPerson(test, stranger.token, stranger.supplierId);
    const memberRows = async () => (await test.database.db.select().from(memberships)).length;
    const changes = async () => (await test.database.db.select().from(auditLog).where(like(auditLog.action, 'member.%'))).length;
    const before = { members: await memberRows(), changes: await changes() };
    const cases: [string, string | undefined, string, string, { status: number; code: string }][] = [
      ['accountant', tokens.accountant, demoGifts, ids.redeemer, { status: 403, code: 'FORBIDDEN' }],
      ['redeemer', tokens.redeemer, demoGifts, ids.accountant, { status: 403, code: 'FORBIDDEN' }],
      ['another company’s admin', stranger.token, demoGifts, ids.redeemer, { status: 404, code: 'SUPPLIER_NOT_FOUND' }],
      [
        'the demo admin on a stranger’s company',
        tokens.admin,
        stranger.supplierId,
        strangersPerson.id,
        { status: 404, code: 'SUPPLIER_NOT_FOUND' },
      ],
      ['no token', undefined, demoGifts, ids.redeemer, { status: 401, code: 'UNAUTHORIZED' }],
    ];
    for (const [who, token, supplierId, userId, expected] of cases) {
      for (const [call, method, path, body] of everyCall(supplierId, userId)) {
        const response = await test.call(method, `${USERS}${path}`, { token, body });
        expect({ who, call, ...outcome(response) }).toEqual({ who, call, ...expected });
      }
    }
    expect({ members: await memberRows(), changes: await changes() }).toEqual(before);
  });

  it('refuses a member the company has blocked with MEMBERSHIP_BLOCKED, even one who was its admin before', async () => {
    const boss = await invitingCompany(test);
    const other = await invitingCompany(test);
    const formerAdmin = await joinedPerson(test, boss.token, boss.supplierId, { roles: ['roleAdmin'] });
    // In a second company too, so the block leaves their login alone.
    await alsoJoins(test, other.token, other.supplierId, formerAdmin);
    expectOk(await usersAs(test, boss.token).roles(boss.supplierId, formerAdmin.id, ['roleAccountant']));
    expectOk(await usersAs(test, boss.token).block(boss.supplierId, formerAdmin.id));
    for (const [call, method, path, body] of everyCall(boss.supplierId, (await userByEmail(test, boss.email))!.id)) {
      const response = await test.call(method, `${USERS}${path}`, { token: formerAdmin.accessToken, body });
      expect({ call, ...outcome(response) }).toEqual({ call, status: 403, code: 'MEMBERSHIP_BLOCKED' });
    }
  });

  it('answers "not found" for a person of another company, an unknown id and a malformed one', async () => {
    const stranger = await invitingCompany(test, 'RU', 'stranger');
    const theirs = await joinedPerson(test, stranger.token, stranger.supplierId);
    const strangerId = (await userByEmail(test, stranger.email))!.id;
    for (const userId of [theirs.id, strangerId, randomUUID()]) {
      for (const [call, method, path, body] of everyCall(demoGifts, userId).filter(([name]) => name !== 'list' && name !== 'add')) {
        const response = await test.call(method, `${USERS}${path}`, { token: tokens.admin, body });
        expect({ call, ...outcome(response) }).toEqual({ call, status: 404, code: 'USER_NOT_FOUND' });
      }
    }
    for (const [, method, path, body] of everyCall(demoGifts, 'not-a-uuid').filter(([name]) => name !== 'list' && name !== 'add')) {
      expectError(await test.call(method, `${USERS}${path}`, { token: tokens.admin, body }), 422, 'VALIDATION_ERROR', {
        userId: 'USER_NOT_FOUND',
      });
    }
    // The stranger's person is untouched.
    expect((await membershipOf(test, stranger.supplierId, theirs.id))!.status).toBe('active');
  });
});

describe('the rules', () => {
  it('keeps at least one role (ROLE_REQUIRED) and knows only the three roles', async () => {
    const api = usersAs(test, tokens.admin);
    expectError(await api.add(person(demoGifts, { roles: [] })), 422, 'VALIDATION_ERROR', { roles: 'ROLE_REQUIRED' });
    expectError(await api.roles(demoGifts, ids.redeemer, []), 422, 'VALIDATION_ERROR', { roles: 'ROLE_REQUIRED' });
    expectError(await api.roles(demoGifts, ids.redeemer, ['roleKing']), 422, 'VALIDATION_ERROR', { 'roles.0': 'UNKNOWN_VALUE' });
    const missing = await test.call('POST', `${USERS}/roles`, {
      token: tokens.admin,
      body: { supplierId: demoGifts, userId: ids.redeemer },
    });
    expectError(missing, 422, 'VALIDATION_ERROR', { roles: 'REQUIRED' });
    expect((await membershipOf(test, demoGifts, ids.redeemer))!.roles).toEqual(['roleRedeemer']);
  });

  it('lets nobody change their own roles or block (OWN_ACCESS_LOCKED)', async () => {
    const api = usersAs(test, tokens.admin);
    expectError(await api.roles(demoGifts, ids.admin, ['roleAdmin', 'roleRedeemer']), 422, 'OWN_ACCESS_LOCKED');
    expectError(await api.roles(demoGifts, ids.admin, ['roleRedeemer']), 422, 'OWN_ACCESS_LOCKED');
    expectError(await api.block(demoGifts, ids.admin), 422, 'OWN_ACCESS_LOCKED');
    expectError(await api.unblock(demoGifts, ids.admin), 422, 'OWN_ACCESS_LOCKED');
    expect(await membershipOf(test, demoGifts, ids.admin)).toMatchObject({ roles: ['roleAdmin'], status: 'active' });
  });

  it('blocks no admin, and makes no blocked member an admin (ADMIN_CANNOT_BE_BLOCKED)', async () => {
    const boss = await invitingCompany(test);
    const api = usersAs(test, boss.token);
    const coAdmin = await joinedPerson(test, boss.token, boss.supplierId, { roles: ['roleAdmin', 'roleRedeemer'] });
    expectError(await api.block(boss.supplierId, coAdmin.id, 'Trying'), 422, 'ADMIN_CANNOT_BE_BLOCKED');
    const cashier = await joinedPerson(test, boss.token, boss.supplierId);
    expectOk(await api.block(boss.supplierId, cashier.id));
    expectError(await api.roles(boss.supplierId, cashier.id, ['roleAdmin']), 422, 'ADMIN_CANNOT_BE_BLOCKED', {
      roles: 'ADMIN_CANNOT_BE_BLOCKED',
    });
    // Other roles for a blocked member are fine.
    expect(expectOk(await api.roles(boss.supplierId, cashier.id, ['roleAccountant'])).roles).toEqual(['roleAccountant']);
    expect(await membershipOf(test, boss.supplierId, coAdmin.id)).toMatchObject({ status: 'active' });
    const actions = (await api.info(boss.supplierId, cashier.id)).body.data.history.map((entry: { action: string }) => entry.action);
    expect(actions.sort()).toEqual(['blocked', 'invitationAccepted', 'invited', 'rolesChanged']);
  });

  it('takes a block reason of several lines, and refuses other control characters (PostgreSQL keeps no NUL)', async () => {
    const boss = await invitingCompany(test);
    const api = usersAs(test, boss.token);
    const cashier = await joinedPerson(test, boss.token, boss.supplierId);
    for (const reason of ['a\u0000b', 'bell\u0007', 'x'.repeat(501)]) {
      const refused = await api.block(boss.supplierId, cashier.id, reason);
      expectError(refused, 422, 'VALIDATION_ERROR', { reason: reason.length > 500 ? 'TOO_LONG' : 'WRONG_TYPE' });
    }
    expect((await membershipOf(test, boss.supplierId, cashier.id))!.status).toBe('active');
    expect(expectOk(await api.block(boss.supplierId, cashier.id, 'Line one\r\nline two\tend')).history[0].reason).toBe(
      'Line one\r\nline two\tend',
    );
  });

  it('counts only admins who can act: the last one cannot lose the role (LAST_ADMIN)', async () => {
    const boss = await invitingCompany(test);
    const coAdmin = await joinedPerson(test, boss.token, boss.supplierId, { roles: ['roleAdmin'] });
    await addPerson(test, boss.token, boss.supplierId, { roles: ['roleAdmin'] });
    const bossId = (await userByEmail(test, boss.email))!.id;
    // No call makes an active account pending again: the caller's own is set so by hand, standing for an
    // admin who cannot act. Then the invitee, who has not accepted, is the only other admin, and does not count.
    await test.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, bossId));
    const api = usersAs(test, boss.token);
    expectError(await api.roles(boss.supplierId, coAdmin.id, ['roleRedeemer']), 422, 'LAST_ADMIN');
    await test.database.db.update(users).set({ status: 'active' }).where(eq(users.id, bossId));
    expect(expectOk(await api.roles(boss.supplierId, coAdmin.id, ['roleRedeemer'])).roles).toEqual(['roleRedeemer']);
  });
});

describe('what a block does', () => {
  it('ends the logins of a person whose only company blocks them, and an unblocked person signs in again', async () => {
    const boss = await invitingCompany(test);
    const cashier = await joinedPerson(test, boss.token, boss.supplierId);
    expect((await companyCall(cashier.accessToken, boss.supplierId)).status).toBe(200);

    const blocked = expectOk(await usersAs(test, boss.token).block(boss.supplierId, cashier.id, 'Left'));
    expect(blocked.status).toBe('blocked');
    // The open page's next call: the login has ended.
    expectError(await companyCall(cashier.accessToken, boss.supplierId), 401, 'UNAUTHORIZED');
    expectError(await test.call('GET', '/api/front/user/account/get-info', { token: cashier.accessToken }), 401, 'UNAUTHORIZED');
    expectError(await refresh(test, cashier.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    // Needs the lead's part: sign-in refused while no company is left to them.
    expectError(await signIn(cashier.email), 403, 'USER_BLOCKED');

    expectOk(await usersAs(test, boss.token).unblock(boss.supplierId, cashier.id));
    // Logins ended by the block stay ended; signing in works again.
    expectError(await refresh(test, cashier.refreshToken), 401, 'INVALID_REFRESH_TOKEN');
    const again = expectOk(await signIn(cashier.email));
    expect((await companyCall(again.accessToken, boss.supplierId)).status).toBe(200);
  });

  it('leaves a person blocked in one company their other one, their login and its refresh', async () => {
    const first = await invitingCompany(test);
    const second = await invitingCompany(test);
    const both = await joinedPerson(test, first.token, first.supplierId);
    await alsoJoins(test, second.token, second.supplierId, both, { roles: ['roleAccountant'] });

    expectOk(await usersAs(test, first.token).block(first.supplierId, both.id));
    expectError(await companyCall(both.accessToken, first.supplierId), 403, 'MEMBERSHIP_BLOCKED');
    expect((await companyCall(both.accessToken, second.supplierId)).status).toBe(200);
    const refreshed = expectOk(await refresh(test, both.refreshToken));
    expect((await companyCall(refreshed.accessToken, second.supplierId)).status).toBe(200);
    expect((await signIn(both.email)).status).toBe(200);
    // Their company list and account show only the company that still has them.
    const index = expectOk(await get(test, refreshed.accessToken, '/supplier/index'));
    expect(index.supplierItems.map((item: { supplierId: string }) => item.supplierId)).toEqual([second.supplierId]);
    // The second company's admin sees them active, and cannot reach the first company's block.
    expect(expectOk(await usersAs(test, second.token).info(second.supplierId, both.id)).status).toBe('active');
    expectError(await usersAs(test, second.token).unblock(first.supplierId, both.id), 404, 'SUPPLIER_NOT_FOUND');

    // Blocked by the second company too: nothing is left, the logins end.
    expectOk(await usersAs(test, second.token).block(second.supplierId, both.id));
    expectError(await companyCall(refreshed.accessToken, second.supplierId), 401, 'UNAUTHORIZED');
    expectError(await signIn(both.email), 403, 'USER_BLOCKED');
    expectOk(await usersAs(test, first.token).unblock(first.supplierId, both.id));
    const back = expectOk(await signIn(both.email));
    expect((await companyCall(back.accessToken, first.supplierId)).status).toBe(200);
    expectError(await companyCall(back.accessToken, second.supplierId), 403, 'MEMBERSHIP_BLOCKED');
  });

  it('refuses a blocked redeemer at the till', async () => {
    const boss = await invitingCompany(test);
    const other = await invitingCompany(test);
    const cashier = await joinedPerson(test, boss.token, boss.supplierId);
    await alsoJoins(test, other.token, other.supplierId, cashier);
    expectOk(await usersAs(test, boss.token).block(boss.supplierId, cashier.id));
    const check = await test.call('POST', '/api/front/redemption/check', {
      token: cashier.accessToken,
      body: { supplierId: boss.supplierId, number: '7000000000000013', pin: '111111' },
    });
    expectError(check, 403, 'MEMBERSHIP_BLOCKED');
  });
});
