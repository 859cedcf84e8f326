import { INVITATION_TTL_DAYS } from '@contract/users';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../../server/db/schema';
import { sha256 } from '../../server/lib/crypto';
import { MAIL_DICTIONARIES } from '../../server/mail/locales';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, expectError, freshEmail, register, signUp, STRONG_PASSWORD } from './support/auth';
import { expectOk, get, SAMPLES } from './support/companies';
import {
  acceptInvitation,
  addPerson,
  auditAbout,
  checkInvitation,
  companyWithAdmin,
  DAY_MS,
  invitationToken,
  invitingCompany,
  joinByInvitation,
  joinedPerson,
  mailsTo,
  mailWithSubject,
  membershipOf,
  myInvitationsAs,
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
    const boss = await invitingCompany(test);
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
    const boss = await invitingCompany(test);
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
    const boss = await invitingCompany(test);
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
      // Its mail is on its way: the worker has not run (decision 082).
      invitation: { expiresAt, mail: { to: email, queuedAt: test.clock.now().toISOString(), status: 'pending', error: null } },
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

    expect(expectOk(await checkInvitation(test, token))).toEqual({
      email,
      firstName: 'Olga',
      companyName: 'Sber Gifts',
      expiresAt,
      account: 'new',
    });
    // Invited is not joined: no membership until the person accepts.
    expect(await membershipOf(test, boss.supplierId, added.id)).toBeUndefined();
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
      const boss = await invitingCompany(test, country);
      const companyName = SAMPLES[country].company.name;
      const invitee = freshEmail(`invitee-${language}`);
      await addPerson(test, boss.token, boss.supplierId, { email: invitee });
      const invited = MAIL_DICTIONARIES[language].memberInvitedSubject.replace('{companyName}', companyName);
      expect(await mailWithSubject(test, invitee, invited), country).toBeDefined();
      expect(await userByEmail(test, invitee)).toMatchObject({ region, preferredLanguage: locale });
      const existing = freshEmail(`existing-${language}`);
      await signUp(test, existing);
      await addPerson(test, boss.token, boss.supplierId, { email: existing });
      // An account holder is invited too, and told to accept with their own password.
      const mail = await mailWithSubject(test, existing, invited);
      expect(mail?.text, country).toContain(MAIL_DICTIONARIES[language].memberInvitedAccountLinkIntro);
    }
  });

  it('invites an existing account like a new address: the company learns nothing of it, and nothing joins until it accepts', async () => {
    const boss = await invitingCompany(test);
    const email = freshEmail('existing');
    const own = await signUp(test, email, { firstName: 'Maria', secondName: 'Lopez', phone: '+34 600 000 000' });
    const typed = { email, firstName: 'Mallory', secondName: 'Renamed', phone: '+7 999 000-00-00' };
    const added = await addPerson(test, boss.token, boss.supplierId, { ...typed, roles: ['roleAccountant', 'roleRedeemer'] });
    // What the company typed, and "invited": not the owner's names and phone, not whether an account exists.
    const stranger = await addPerson(test, boss.token, boss.supplierId, { ...typed, email: freshEmail('nobody') });
    expect(added).toMatchObject({ firstName: 'Mallory', secondName: 'Renamed', phone: '+79990000000', status: 'invited' });
    const shape = (details: Record<string, unknown>) => ({
      ...details,
      id: 'x',
      email: 'x',
      roles: 'x',
      history: 'x',
      addedAt: 'x',
      invitation: { ...(details.invitation as object), mail: { ...(details.invitation as { mail: object }).mail, to: 'x' } },
    });
    expect(shape(added)).toEqual(shape(stranger));
    expect(JSON.stringify(expectOk(await usersAs(test, boss.token).list(boss.supplierId)))).not.toMatch(/Maria|Lopez|34600000000/);
    expect(await membershipOf(test, boss.supplierId, added.id)).toBeUndefined();
    const before = expectOk(await get(test, own.accessToken, '/supplier/index'));
    expect(before.supplierItems).not.toContainEqual(expect.objectContaining({ supplierId: boss.supplierId }));

    // The mail asks to accept, with the owner's own name; the link knows the account.
    const mail = (await mailWithSubject(test, email, 'Приглашение в компанию Sber Gifts в Certdesk'))!;
    expect(mail.text).toContain('Здравствуйте, Maria!');
    expect(mail.text).toContain(MAIL_DICTIONARIES.ru.memberInvitedAccountLinkIntro);
    const token = await invitationToken(test, email);
    expect(expectOk(await checkInvitation(test, token))).toMatchObject({ firstName: 'Maria', account: 'existing' });
    // The password-setting way is not theirs: they already have one, which stays.
    expect((await acceptInvitation(test, token)).body.error.code).toBe('INVITATION_FOR_ACCOUNT');
    expect((await joinByInvitation(test, token, 'wrong-Passw0rd')).body.error.code).toBe('INVALID_CREDENTIALS');
    const joined = expectOk(await joinByInvitation(test, token, STRONG_PASSWORD));
    expect(joined).toMatchObject({ supplierId: boss.supplierId, roles: ['roleAccountant', 'roleRedeemer'] });
    const index = expectOk(await get(test, joined.accessToken, '/supplier/index'));
    expect(index.supplierItems).toContainEqual(
      expect.objectContaining({ supplierId: boss.supplierId, roles: ['roleAccountant', 'roleRedeemer'] }),
    );
    // A member now: the company sees the person as they are.
    expect(expectOk(await usersAs(test, boss.token).info(boss.supplierId, added.id))).toMatchObject({
      firstName: 'Maria',
      secondName: 'Lopez',
      status: 'active',
      invitation: null,
    });
    expect((await checkInvitation(test, token)).body.error.code).toBe('INVITATION_NOT_PENDING');
  });

  it('lets the person accept or decline in the app, and says so in the company’s history', async () => {
    const first = await invitingCompany(test, 'RU', 'first');
    const second = await invitingCompany(test, 'RU', 'second');
    const email = freshEmail('chooser');
    const own = await signUp(test, email);
    const joining = await addPerson(test, first.token, first.supplierId, { email, roles: ['roleAccountant'] });
    test.clock.advance(1000);
    await addPerson(test, second.token, second.supplierId, { email });
    const mine = myInvitationsAs(test, own.accessToken);
    expect(expectOk(await mine.list()).items).toEqual([
      {
        supplierId: first.supplierId,
        companyName: 'Sber Gifts',
        roles: ['roleAccountant'],
        expiresAt: expect.any(String),
        invitedBy: 'Petrov Ivan',
      },
      expect.objectContaining({ supplierId: second.supplierId, roles: ['roleRedeemer'] }),
    ]);
    expect(expectOk(await mine.accept(first.supplierId))).toEqual({ supplierId: first.supplierId, roles: ['roleAccountant'] });
    expect(expectOk(await mine.decline(second.supplierId))).toEqual({ supplierId: second.supplierId });
    expect(expectOk(await mine.list()).items).toEqual([]);
    expect((await mine.accept(second.supplierId)).body.error.code).toBe('INVITATION_NOT_FOUND');
    expect((await mine.accept(first.supplierId)).body.error.code).toBe('INVITATION_NOT_PENDING');
    expect(await membershipOf(test, second.supplierId, joining.id)).toBeUndefined();
    expect((await membershipOf(test, first.supplierId, joining.id))!.roles).toEqual(['roleAccountant']);
    // The declining company no longer lists the person; its history keeps the answer.
    expect(expectOk(await usersAs(test, second.token).list(second.supplierId)).total).toBe(1);
    const declined = await auditAbout(test, second.supplierId, joining.id);
    expect(declined.map((row) => row.action).sort()).toEqual(['member.invitationDeclined', 'member.invited']);
    // Someone else's invitation is not theirs to answer.
    const other = await signUp(test, freshEmail('other'));
    expect((await myInvitationsAs(test, other.accessToken).accept(first.supplierId)).body.error.code).toBe('INVITATION_NOT_FOUND');
  });

  it('refuses to invite for a company that has not passed moderation, and never invites staff', async () => {
    for (const status of ['draft', 'moderation', 'rejected'] as const) {
      const boss = await companyWithAdmin(test, 'RU', `boss-${status}`, status);
      const email = freshEmail(`not-yet-${status}`);
      expectError(await usersAs(test, boss.token).add(person(boss.supplierId, { email })), 409, 'COMPANY_NOT_MODERATED');
      expect(await userByEmail(test, email)).toBeUndefined();
      expect(await mailsTo(test, email)).toEqual([]);
    }
    const boss = await invitingCompany(test);
    expectError(
      await usersAs(test, boss.token).add(person(boss.supplierId, { email: 'moderator@demo.test' })),
      422,
      'STAFF_NOT_INVITABLE',
      {
        email: 'STAFF_NOT_INVITABLE',
      },
    );
    expect(await mailsTo(test, 'moderator@demo.test')).toEqual([]);
  });

  it('invites an address whose registration was never confirmed: the company sees what it typed, the registrant keeps theirs', async () => {
    const boss = await invitingCompany(test);
    const email = freshEmail('unconfirmed');
    expect((await register(test, email, { firstName: 'Pyotr' })).status).toBe(200);
    const added = await addPerson(test, boss.token, boss.supplierId, { email, firstName: 'Other' });
    expect(added).toMatchObject({ firstName: 'Other', status: 'invited' });
    expect(await userByEmail(test, email)).toMatchObject({ firstName: 'Pyotr', status: 'pending' });
    expect(expectOk(await checkInvitation(test, await invitationToken(test, email)))).toMatchObject({ firstName: 'Other', account: 'new' });
  });

  it('refuses an address already in the company, in any case, at the e-mail field', async () => {
    const boss = await invitingCompany(test);
    const email = freshEmail('twice');
    const first = await addPerson(test, boss.token, boss.supplierId, { email });
    for (const [again, code] of [
      [email, 'USER_ALREADY_INVITED'],
      [` ${email.toUpperCase()} `, 'USER_ALREADY_INVITED'],
      [boss.email, 'USER_ALREADY_MEMBER'],
    ] as const) {
      const response = await usersAs(test, boss.token).add(person(boss.supplierId, { email: again }));
      expect({ status: response.status, error: response.body.error?.code, fields: response.body.error?.fields }).toEqual({
        status: 409,
        error: code,
        fields: { email: code },
      });
    }
    expect(await auditAbout(test, boss.supplierId, first.id)).toHaveLength(1);
  });

  it('invites a person already in another company without touching that membership', async () => {
    const first = await invitingCompany(test);
    const second = await invitingCompany(test);
    const joined = await joinedPerson(test, first.token, first.supplierId, { roles: ['roleAccountant'] });
    const again = await addPerson(test, second.token, second.supplierId, { email: joined.email, roles: ['roleAdmin'] });
    expect(again).toMatchObject({ id: joined.id, status: 'invited', roles: ['roleAdmin'] });
    expect((await membershipOf(test, first.supplierId, joined.id))!.roles).toEqual(['roleAccountant']);
    expect(await test.database.db.select().from(invitations).where(eq(invitations.userId, joined.id))).toHaveLength(2);
  });
});

describe('roles, blocks and the history', () => {
  it('changes roles, blocks with a reason, unblocks, and tells it all newest first with who did it', async () => {
    const boss = await invitingCompany(test);
    const api = usersAs(test, boss.token);
    const bossId = (await userByEmail(test, boss.email))!.id;
    const added = await addPerson(test, boss.token, boss.supplierId, { roles: ['roleRedeemer'] });
    expectOk(await acceptInvitation(test, await invitationToken(test, added.email)));
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
    expect(unblocked.status).toBe('active');
    expect(expectOk(await api.unblock(boss.supplierId, added.id)).status).toBe('active');

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
      { id: expect.any(String), action: 'invitationAccepted', at: at(0), actor: null },
      { id: expect.any(String), action: 'invited', at: at(0), actor, roles: ['roleRedeemer'] },
    ]);
    expect(expectOk(await api.info(boss.supplierId, added.id))).toEqual({ ...unblocked });
    const rows = await auditAbout(test, boss.supplierId, added.id);
    expect(rows.map((row) => row.userId)).toEqual([bossId, added.id, bossId, bossId, bossId]);
  });

  it('blocks without a reason, and shows the caller their own page as theirs', async () => {
    const boss = await invitingCompany(test);
    const api = usersAs(test, boss.token);
    const added = await joinedPerson(test, boss.token, boss.supplierId);
    const blocked = expectOk(await api.block(boss.supplierId, added.id));
    expect(blocked.history[0]).toEqual({ id: expect.any(String), action: 'blocked', at: expect.any(String), actor: expect.any(Object) });
    expect(blocked.isSelf).toBe(false);
    const own = expectOk(await api.info(boss.supplierId, (await userByEmail(test, boss.email))!.id));
    expect(own).toMatchObject({ isSelf: true, roles: ['roleAdmin'], status: 'active', history: [] });
  });

  it('shows a marketplace-blocked member as blocked, and an invitee as invited whatever their account', async () => {
    const boss = await invitingCompany(test);
    const member = await joinedPerson(test, boss.token, boss.supplierId);
    const invitee = await addPerson(test, boss.token, boss.supplierId);
    await test.database.db
      .update(users)
      .set({ status: 'blocked' })
      .where(inArray(users.id, [member.id, invitee.id]));
    const api = usersAs(test, boss.token);
    expect(expectOk(await api.info(boss.supplierId, member.id))).toMatchObject({ status: 'blocked', invitation: null });
    expect(expectOk(await api.info(boss.supplierId, invitee.id))).toMatchObject({ status: 'invited' });
  });

  it('changes the roles offered to an invitee, and withdraws an invitation: its link stops working', async () => {
    const boss = await invitingCompany(test);
    const api = usersAs(test, boss.token);
    const added = await addPerson(test, boss.token, boss.supplierId, { roles: ['roleRedeemer'] });
    const token = await invitationToken(test, added.email);
    const offered = expectOk(await api.roles(boss.supplierId, added.id, ['roleAccountant']));
    expect(offered).toMatchObject({ status: 'invited', roles: ['roleAccountant'] });
    // Not a member: there is no access to block yet.
    expectError(await api.block(boss.supplierId, added.id), 404, 'USER_NOT_FOUND');
    expect(expectOk(await api.withdraw(boss.supplierId, added.id))).toEqual({ userId: added.id });
    expect((await checkInvitation(test, token)).body.error.code).toBe('INVALID_LINK');
    expectError(await api.info(boss.supplierId, added.id), 404, 'USER_NOT_FOUND');
    expectError(await api.withdraw(boss.supplierId, added.id), 404, 'USER_NOT_FOUND');
    const actions = (await auditAbout(test, boss.supplierId, added.id)).map((row) => row.action).sort();
    expect(actions).toEqual(['member.invitationWithdrawn', 'member.invited', 'member.rolesChanged']);
    // A member's invitation is done: nothing to withdraw.
    const member = await joinedPerson(test, boss.token, boss.supplierId);
    expectError(await api.withdraw(boss.supplierId, member.id), 409, 'INVITATION_NOT_PENDING');
  });
});

describe('sending the invitation again', () => {
  it('mails a new link that replaces the old one, for 7 more days, an expired invitation included', async () => {
    const boss = await invitingCompany(test);
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
