import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../../server/db/schema';
import { sha256 } from '../../server/lib/crypto';
import { MAIL_DICTIONARIES } from '../../server/mail/locales';
import { INVITATION_TTL_DAYS } from '../../src/contract/users';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, freshEmail, register, signUp, STRONG_PASSWORD } from './support/auth';
import { expectOk, get, SAMPLES } from './support/companies';
import {
  acceptInvitation,
  addPerson,
  auditAbout,
  checkInvitation,
  companyWithAdmin,
  DAY_MS,
  invitationToken,
  mailWithSubject,
  membershipOf,
  person,
  supplierIdOf,
  usersAs,
} from './support/users';

/**
 * Issue 11: a company's admin lists, finds, adds and invites people, changes their roles, blocks and
 * unblocks them, and reads each one's history (decision 53). The rules and who may call are in
 * users-rules.test.ts, the invitation link in users-invitation.test.ts, races in users-parallel.test.ts.
 */

let test: TestApp;
let demoAdmin: string;
beforeAll(async () => {
  test = await createAuthTestApp({ PUBLIC_URL: 'https://portal.example.test' });
  demoAdmin = (await test.login('admin@demo.test')).accessToken;
});
afterAll(() => test?.close());

const minute = () => test.clock.advance(60_000);

describe('the list', () => {
  it('shows the demo company’s people by last name, with roles and status, the blocked cashier included', async () => {
    const demoGifts = await supplierIdOf(test, 'Demo Gifts');
    const list = expectOk(await usersAs(test, demoAdmin).list(demoGifts));
    const admin = await userByEmail(test, 'admin@demo.test');
    expect(list).toEqual({
      items: [
        {
          id: admin!.id,
          firstName: 'Anna',
          secondName: 'Adminova',
          email: 'admin@demo.test',
          phone: '+79990000000',
          roles: ['roleAdmin'],
          status: 'active',
        },
        expect.objectContaining({ secondName: 'Blokov', email: 'blocked@demo.test', roles: ['roleRedeemer'], status: 'blocked' }),
        expect.objectContaining({ secondName: 'Kassirova', email: 'redeemer@demo.test', roles: ['roleRedeemer'], status: 'active' }),
        expect.objectContaining({ secondName: 'Schetov', email: 'accountant@demo.test', roles: ['roleAccountant'], status: 'active' }),
      ],
      page: 1,
      pageSize: 20,
      total: 4,
    });
    // The blocked demo cashier's page tells why, and who blocked them.
    const blocked = expectOk(await usersAs(test, demoAdmin).info(demoGifts, list.items[1].id));
    expect(blocked.history).toEqual([
      expect.objectContaining({ action: 'blocked', reason: 'Left the company', actor: { id: admin!.id, name: 'Adminova Anna' } }),
      expect.objectContaining({ action: 'added', roles: ['roleRedeemer'] }),
    ]);
  });

  it('finds people by any part of a name or the e-mail, in any case, every word counting', async () => {
    const boss = await companyWithAdmin(test);
    const api = usersAs(test, boss.token);
    await addPerson(test, boss.token, boss.supplierId, { secondName: 'Petrova', firstName: 'Olga', email: 'olga.p@shop.example.test' });
    await addPerson(test, boss.token, boss.supplierId, {
      secondName: 'Ivanov',
      firstName: 'Pavel 100%',
      email: 'pavel_i@shop.example.test',
    });
    await addPerson(test, boss.token, boss.supplierId, { secondName: 'Sidorov', firstName: 'Oleg', email: 'oleg@other.example.test' });
    const found = async (search: string) =>
      expectOk(await api.list(boss.supplierId, { search })).items.map((item: { secondName: string }) => item.secondName);

    // The boss is Ivan Petrov, from the sign-up.
    expect(await found('PETR')).toEqual(['Petrov', 'Petrova']);
    expect(await found('ol')).toEqual(['Petrova', 'Sidorov']);
    expect(await found('  olga   petrova ')).toEqual(['Petrova']);
    expect(await found('shop.example')).toEqual(['Ivanov', 'Petrova']);
    expect(await found('other.EXAMPLE.test')).toEqual(['Sidorov']);
    // % and _ are letters here, not patterns.
    expect(await found('100%')).toEqual(['Ivanov']);
    expect(await found('_')).toEqual(['Ivanov']);
    expect(await found('%')).toEqual(['Ivanov']);
    expect(await found('olga ivanov')).toEqual([]);
    expect(await found('nobody')).toEqual([]);
    expect(await found('')).toHaveLength(4);
    // A control character separates words; it never reaches the database as text.
    expect(await found('olga\u0000petrova')).toEqual(['Petrova']);
    const none = expectOk(await api.list(boss.supplierId, { search: 'nobody' }));
    expect(none).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
  });

  it('pages through the people, the total counting the search', async () => {
    const boss = await companyWithAdmin(test);
    const api = usersAs(test, boss.token);
    for (const secondName of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'])
      await addPerson(test, boss.token, boss.supplierId, { secondName, firstName: 'Zenon' });
    const page = async (params: { page?: number; pageSize?: number; search?: string }) => {
      const list = expectOk(await api.list(boss.supplierId, params));
      return { names: list.items.map((item: { secondName: string }) => item.secondName), total: list.total, page: list.page };
    };
    // The boss (Petrov, from the sign-up) is one of the six.
    expect(await page({ pageSize: 2 })).toEqual({ names: ['Alpha', 'Bravo'], total: 6, page: 1 });
    expect(await page({ pageSize: 2, page: 2 })).toEqual({ names: ['Charlie', 'Delta'], total: 6, page: 2 });
    expect(await page({ pageSize: 2, page: 3 })).toEqual({ names: ['Echo', 'Petrov'], total: 6, page: 3 });
    expect(await page({ pageSize: 2, page: 4 })).toEqual({ names: [], total: 6, page: 4 });
    expect(await page({ pageSize: 2, page: 2, search: 'zenon' })).toEqual({ names: ['Charlie', 'Delta'], total: 5, page: 2 });
  });
});

describe('adding a person', () => {
  it('invites a new address: a pending account in the company’s region, a mail in its language, a link that works', async () => {
    const boss = await companyWithAdmin(test);
    const email = freshEmail('new-cashier');
    const added = await addPerson(test, boss.token, boss.supplierId, { email: email.toUpperCase(), phone: '+7 (900) 555-66-77' });
    const expiresAt = new Date(test.clock.now().getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
    expect(added).toEqual({
      id: expect.any(String),
      firstName: 'Olga',
      secondName: 'Kassirova',
      email,
      phone: '+79005556677',
      roles: ['roleRedeemer'],
      status: 'invited',
      addedAt: test.clock.now().toISOString(),
      invitation: { expiresAt },
      isSelf: false,
      history: [
        {
          id: expect.any(String),
          action: 'invited',
          at: test.clock.now().toISOString(),
          actor: expect.any(Object),
          roles: ['roleRedeemer'],
        },
      ],
    });
    expect(added.history[0].actor).toEqual({ id: (await userByEmail(test, boss.email))!.id, name: 'Petrov Ivan' });

    const account = await userByEmail(test, email);
    expect(account).toMatchObject({ status: 'pending', passwordHash: '!', region: 'ru', preferredLanguage: 'ru-RU', firstName: 'Olga' });
    const mail = (await mailWithSubject(test, email, 'Приглашение в компанию Sber Gifts в Certdesk'))!;
    expect(mail.text).toContain('Здравствуйте, Olga!');
    expect(mail.text).toContain('Приглашение действует 7 дней.');
    expect(mail.text).toMatch(/https:\/\/portal\.example\.test\/invitation\?token=[\w-]{43}\n/);
    // Only the token's hash is kept.
    const token = await invitationToken(test, email);
    const [stored] = await test.database.db.select().from(invitations).where(eq(invitations.userId, added.id));
    expect(stored!.tokenHash).toBe(sha256(token));

    expect(expectOk(await checkInvitation(test, token))).toEqual({ email, firstName: 'Olga', companyName: 'Sber Gifts', expiresAt });
    const accepted = expectOk(await acceptInvitation(test, token));
    expect(accepted).toMatchObject({ supplierId: boss.supplierId, roles: ['roleRedeemer'], accessToken: expect.any(String) });
    // Signed in, in the company, with the password they chose.
    const products = await get(test, accepted.accessToken, `/products?supplierId=${boss.supplierId}`);
    expect(products.status, products.text).toBe(200);
    expect((await test.login(email, STRONG_PASSWORD)).accessToken).toBeTruthy();
    const info = expectOk(await usersAs(test, boss.token).info(boss.supplierId, added.id));
    expect(info).toMatchObject({ status: 'active', invitation: null });
    expect(info.history.map((entry: { action: string; actor: unknown }) => [entry.action, entry.actor === null])).toEqual([
      ['invitationAccepted', true],
      ['invited', false],
    ]);
  });

  it('mails in the language of the company’s country, and a new account lives in its region', async () => {
    for (const [country, language, region, locale] of [
      ['ES', 'es', 'es', 'es-ES'],
      ['KZ', 'kz', 'kz', 'kz-KZ'],
      ['BY', 'by', 'by', 'be-BY'],
    ] as const) {
      const boss = await companyWithAdmin(test, country);
      const companyName = SAMPLES[country].company.name;
      const invitee = freshEmail(`invitee-${language}`);
      await addPerson(test, boss.token, boss.supplierId, { email: invitee });
      const invited = MAIL_DICTIONARIES[language].memberInvitedSubject.replace('{companyName}', companyName);
      expect(await mailWithSubject(test, invitee, invited), country).toBeDefined();
      expect(await userByEmail(test, invitee)).toMatchObject({ region, preferredLanguage: locale });
      const existing = freshEmail(`existing-${language}`);
      await signUp(test, existing);
      await addPerson(test, boss.token, boss.supplierId, { email: existing });
      const added = MAIL_DICTIONARIES[language].memberAddedSubject.replace('{companyName}', companyName);
      expect(await mailWithSubject(test, existing, added), country).toBeDefined();
    }
  });

  it('adds an existing account at once, tells it by mail, and keeps its names and phone', async () => {
    const boss = await companyWithAdmin(test);
    const email = freshEmail('existing');
    const own = await signUp(test, email, { firstName: 'Maria', secondName: 'Lopez', phone: '+34 600 000 000' });
    const added = await addPerson(test, boss.token, boss.supplierId, {
      email,
      firstName: 'Mallory',
      secondName: 'Renamed',
      phone: '+7 999 000-00-00',
      roles: ['roleAccountant', 'roleRedeemer'],
    });
    expect(added).toMatchObject({
      firstName: 'Maria',
      secondName: 'Lopez',
      phone: '+34600000000',
      roles: ['roleAccountant', 'roleRedeemer'],
      status: 'active',
      invitation: null,
    });
    expect(added.history).toEqual([expect.objectContaining({ action: 'added', roles: ['roleAccountant', 'roleRedeemer'] })]);
    const mail = (await mailWithSubject(test, email, 'Вас добавили в компанию Sber Gifts в Certdesk'))!;
    expect(mail.text).toContain('https://portal.example.test/\n');
    expect(mail.text).not.toContain('invitation');
    expect(await test.database.db.select().from(invitations).where(eq(invitations.userId, added.id))).toEqual([]);
    // The person works in the company with the login they already had.
    const index = expectOk(await get(test, own.accessToken, '/supplier/index'));
    expect(index.supplierItems).toContainEqual(
      expect.objectContaining({ supplierId: boss.supplierId, roles: ['roleAccountant', 'roleRedeemer'] }),
    );
  });

  it('invites an address whose registration was never confirmed, keeping what the registrant typed', async () => {
    const boss = await companyWithAdmin(test);
    const email = freshEmail('unconfirmed');
    expect((await register(test, email, { firstName: 'Pyotr' })).status).toBe(200);
    const added = await addPerson(test, boss.token, boss.supplierId, { email, firstName: 'Other' });
    expect(added).toMatchObject({ firstName: 'Pyotr', status: 'invited' });
    expect(expectOk(await checkInvitation(test, await invitationToken(test, email)))).toMatchObject({ firstName: 'Pyotr' });
  });

  it('refuses an address already in the company, in any case, at the e-mail field', async () => {
    const boss = await companyWithAdmin(test);
    const email = freshEmail('twice');
    const first = await addPerson(test, boss.token, boss.supplierId, { email });
    for (const again of [email, ` ${email.toUpperCase()} `, boss.email]) {
      const response = await usersAs(test, boss.token).add(person(boss.supplierId, { email: again }));
      expect({ status: response.status, error: response.body.error?.code, fields: response.body.error?.fields }).toEqual({
        status: 409,
        error: 'USER_ALREADY_MEMBER',
        fields: { email: 'USER_ALREADY_MEMBER' },
      });
    }
    expect(await auditAbout(test, boss.supplierId, first.id)).toHaveLength(1);
  });

  it('adds a person already in another company without touching that membership', async () => {
    const first = await companyWithAdmin(test);
    const second = await companyWithAdmin(test);
    const joined = await addPerson(test, first.token, first.supplierId, { roles: ['roleAccountant'] });
    const again = await addPerson(test, second.token, second.supplierId, { email: joined.email, roles: ['roleAdmin'] });
    // Still pending: the second company invites too, with its own link.
    expect(again).toMatchObject({ id: joined.id, status: 'invited', roles: ['roleAdmin'] });
    expect((await membershipOf(test, first.supplierId, joined.id))!.roles).toEqual(['roleAccountant']);
    expect(await test.database.db.select().from(invitations).where(eq(invitations.userId, joined.id))).toHaveLength(2);
  });
});

describe('roles, blocks and the history', () => {
  it('changes roles, blocks with a reason, unblocks, and tells it all newest first with who did it', async () => {
    const boss = await companyWithAdmin(test);
    const api = usersAs(test, boss.token);
    const bossId = (await userByEmail(test, boss.email))!.id;
    const added = await addPerson(test, boss.token, boss.supplierId, { roles: ['roleRedeemer'] });
    minute();
    const promoted = expectOk(await api.roles(boss.supplierId, added.id, ['roleRedeemer', 'roleAccountant', 'roleRedeemer']));
    expect(promoted.roles).toEqual(['roleAccountant', 'roleRedeemer']);
    minute();
    // The same roles again change nothing and write nothing.
    expectOk(await api.roles(boss.supplierId, added.id, ['roleRedeemer', 'roleAccountant']));
    const blocked = expectOk(await api.block(boss.supplierId, added.id, '  Left the company.  '));
    expect(blocked.status).toBe('blocked');
    minute();
    // Blocking again answers the same, with no second entry.
    expect(expectOk(await api.block(boss.supplierId, added.id, 'again')).status).toBe('blocked');
    const unblocked = expectOk(await api.unblock(boss.supplierId, added.id));
    expect(unblocked.status).toBe('invited');
    expect(expectOk(await api.unblock(boss.supplierId, added.id)).status).toBe('invited');

    const actor = { id: bossId, name: 'Petrov Ivan' };
    const at = (minutes: number) => new Date(Date.parse(added.addedAt) + minutes * 60_000).toISOString();
    expect(unblocked.history).toEqual([
      { id: expect.any(String), action: 'unblocked', at: at(3), actor },
      { id: expect.any(String), action: 'blocked', at: at(2), actor, reason: 'Left the company.' },
      {
        id: expect.any(String),
        action: 'rolesChanged',
        at: at(1),
        actor,
        roles: ['roleAccountant', 'roleRedeemer'],
        previousRoles: ['roleRedeemer'],
      },
      { id: expect.any(String), action: 'invited', at: at(0), actor, roles: ['roleRedeemer'] },
    ]);
    expect(expectOk(await api.info(boss.supplierId, added.id))).toEqual({ ...unblocked });
    const rows = await auditAbout(test, boss.supplierId, added.id);
    expect(rows.map((row) => row.userId)).toEqual([bossId, bossId, bossId, bossId]);
  });

  it('blocks without a reason, and shows the caller their own page as theirs', async () => {
    const boss = await companyWithAdmin(test);
    const api = usersAs(test, boss.token);
    const added = await addPerson(test, boss.token, boss.supplierId);
    const blocked = expectOk(await api.block(boss.supplierId, added.id));
    expect(blocked.history[0]).toEqual({ id: expect.any(String), action: 'blocked', at: expect.any(String), actor: expect.any(Object) });
    expect(blocked.isSelf).toBe(false);
    const own = expectOk(await api.info(boss.supplierId, (await userByEmail(test, boss.email))!.id));
    expect(own).toMatchObject({ isSelf: true, roles: ['roleAdmin'], status: 'active', history: [] });
  });

  it('shows a marketplace-blocked account as blocked', async () => {
    const boss = await companyWithAdmin(test);
    const added = await addPerson(test, boss.token, boss.supplierId);
    await test.database.db.update(users).set({ status: 'blocked' }).where(eq(users.id, added.id));
    expect(expectOk(await usersAs(test, boss.token).info(boss.supplierId, added.id))).toMatchObject({
      status: 'blocked',
      invitation: null,
    });
  });
});

describe('sending the invitation again', () => {
  it('mails a new link that replaces the old one, for 7 more days, an expired invitation included', async () => {
    const boss = await companyWithAdmin(test);
    const added = await addPerson(test, boss.token, boss.supplierId);
    const first = await invitationToken(test, added.email);
    test.clock.advance(INVITATION_TTL_DAYS * DAY_MS);
    const api = usersAs(test, (await test.login(boss.email, STRONG_PASSWORD)).accessToken);
    expect(expectOk(await api.info(boss.supplierId, added.id)).status).toBe('invitationExpired');

    const resent = expectOk(await api.resend(boss.supplierId, added.id));
    const expiresAt = new Date(test.clock.now().getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString();
    expect(resent).toMatchObject({ status: 'invited', invitation: { expiresAt } });
    expect(resent.history.map((entry: { action: string }) => entry.action)).toEqual(['invitationResent', 'invited']);
    const second = await invitationToken(test, added.email);
    expect(second).not.toBe(first);
    expect((await checkInvitation(test, first)).body.error.code).toBe('INVALID_LINK');
    expect(expectOk(await checkInvitation(test, second)).expiresAt).toBe(expiresAt);
  });
});
