import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, memberships, sessions, users } from '../../server/db/schema';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, freshEmail } from './support/auth';
import { expectOk, get } from './support/companies';
import {
  acceptInvitation,
  addPerson,
  alsoJoins,
  checkInvitation,
  expectStatuses,
  invitationToken,
  invitingCompany,
  joinedPerson,
  mailsTo,
  membershipOf,
  myInvitationsAs,
  person,
  usersAs,
} from './support/users';

/**
 * Issue 11, decision 53: changes of a company's people that arrive together take turns under the
 * company's row lock, so each sees the one before it and no rule is slipped past. On PostgreSQL the
 * requests really overlap; on PGlite they share one connection. Each race runs a few rounds.
 */

const ROUNDS = 3;
let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
});
afterAll(() => test?.close());

const codeOf = (response: { body: { error?: { code?: string } } }) => response.body.error?.code;

describe('parallel changes', () => {
  it('leaves one admin when two admins demote each other at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const boss = await invitingCompany(test);
      const other = await joinedPerson(test, boss.token, boss.supplierId, { roles: ['roleAdmin'] });
      const bossId = (await userByEmail(test, boss.email))!.id;
      const responses = await Promise.all([
        usersAs(test, boss.token).roles(boss.supplierId, other.id, ['roleRedeemer']),
        usersAs(test, other.accessToken).roles(boss.supplierId, bossId, ['roleRedeemer']),
      ]);
      expect(
        responses.filter((response) => response.status === 200),
        responses.map((r) => r.text).join('\n'),
      ).toHaveLength(1);
      // Refused in its turn (the other demotion left its target the last admin), or at the door (its caller was demoted already).
      const refused = responses.find((response) => response.status !== 200)!;
      expect([
        [422, 'LAST_ADMIN'],
        [403, 'FORBIDDEN'],
      ]).toContainEqual([refused.status, codeOf(refused)]);
      const admins = await test.database.db
        .select()
        .from(memberships)
        .where(eq(memberships.supplierId, boss.supplierId))
        .then((rows) => rows.filter((row) => row.roles.includes('roleAdmin')));
      expect(admins).toHaveLength(1);
      const changes = await test.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.supplierId, boss.supplierId), eq(auditLog.action, 'member.rolesChanged')));
      expect(changes).toHaveLength(1);
    }
  });

  it('adds one address once when two adds arrive together', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const boss = await invitingCompany(test);
      const coAdmin = await joinedPerson(test, boss.token, boss.supplierId, { roles: ['roleAdmin'] });
      const email = freshEmail('twin');
      const responses = await Promise.all([
        usersAs(test, boss.token).add(person(boss.supplierId, { email, roles: ['roleRedeemer'] })),
        usersAs(test, coAdmin.accessToken).add(person(boss.supplierId, { email: email.toUpperCase(), roles: ['roleAccountant'] })),
      ]);
      expectStatuses(responses, [200, 409]);
      expect(codeOf(responses.find((response) => response.status === 409)!)).toBe('USER_ALREADY_INVITED');
      const accounts = await test.database.db.select().from(users).where(eq(users.email, email));
      expect(accounts).toHaveLength(1);
      expect(await test.database.db.select().from(invitations).where(eq(invitations.userId, accounts[0]!.id))).toHaveLength(1);
      expect(await mailsTo(test, email)).toHaveLength(1);
    }
  });

  it('makes one account when two companies invite one new address at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [first, second] = [await invitingCompany(test), await invitingCompany(test)];
      const email = freshEmail('shared');
      const responses = await Promise.all([first, second].map((boss) => usersAs(test, boss.token).add(person(boss.supplierId, { email }))));
      expectStatuses(responses, [200, 200]);
      expect(responses[0]!.body.data.id).toBe(responses[1]!.body.data.id);
      expect(await test.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
      expect(await mailsTo(test, email)).toHaveLength(2);
    }
  });

  it('accepts one link once when it is accepted twice at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const boss = await invitingCompany(test);
      const added = await addPerson(test, boss.token, boss.supplierId);
      const token = await invitationToken(test, added.email);
      const responses = await Promise.all([acceptInvitation(test, token, 'FirstChoice1'), acceptInvitation(test, token, 'SecondChoice2')]);
      expectStatuses(responses, [200, 409]);
      expect(codeOf(responses.find((response) => response.status === 409)!)).toBe('INVITATION_NOT_PENDING');
      expect(await test.database.db.select().from(sessions).where(eq(sessions.userId, added.id))).toHaveLength(1);
      const accepted = await test.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectUserId, added.id), eq(auditLog.action, 'member.invitationAccepted')));
      expect(accepted).toHaveLength(1);
      // The winner's password is the one that works.
      const winner = responses[0]!.status === 200 ? 'FirstChoice1' : 'SecondChoice2';
      expect((await test.login(added.email, winner)).accessToken).toBeTruthy();
    }
  });

  it('joins once when an invitation is accepted in the app twice at once, and not at all when it is withdrawn first', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [first, second] = [await invitingCompany(test), await invitingCompany(test)];
      const member = await joinedPerson(test, first.token, first.supplierId);
      await addPerson(test, second.token, second.supplierId, { email: member.email });
      const mine = myInvitationsAs(test, member.accessToken);
      const accepts = await Promise.all([mine.accept(second.supplierId), mine.accept(second.supplierId)]);
      expectStatuses(accepts, [200, 409]);
      expect(await membershipOf(test, second.supplierId, member.id)).toBeDefined();

      const third = await invitingCompany(test);
      const invitee = await addPerson(test, third.token, third.supplierId, { email: member.email });
      const raced = await Promise.all([mine.accept(third.supplierId), usersAs(test, third.token).withdraw(third.supplierId, invitee.id)]);
      expect(
        raced.filter((response) => response.status === 200),
        raced.map((response) => response.text).join('\n'),
      ).toHaveLength(1);
      const joined = (await membershipOf(test, third.supplierId, member.id)) !== undefined;
      // Whichever came first decided: a member whose invitation is done, or no member and no invitation.
      expect(joined).toBe(raced[0]!.status === 200);
    }
  });

  it('never leaves a blocked admin when a block races a grant of the admin role', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const boss = await invitingCompany(test);
      const coAdmin = await joinedPerson(test, boss.token, boss.supplierId, { roles: ['roleAdmin'] });
      const cashier = await joinedPerson(test, boss.token, boss.supplierId);
      const responses = await Promise.all([
        usersAs(test, boss.token).block(boss.supplierId, cashier.id, 'Leaving'),
        usersAs(test, coAdmin.accessToken).roles(boss.supplierId, cashier.id, ['roleAdmin', 'roleRedeemer']),
      ]);
      expectStatuses(responses, [200, 422]);
      expect(codeOf(responses.find((response) => response.status === 422)!)).toBe('ADMIN_CANNOT_BE_BLOCKED');
      const blockWon = responses[0]!.status === 200;
      expect(await membershipOf(test, boss.supplierId, cashier.id)).toMatchObject(
        blockWon ? { status: 'blocked', roles: ['roleRedeemer'] } : { status: 'active', roles: ['roleAdmin', 'roleRedeemer'] },
      );
    }
  });

  it('ends the logins of a person blocked by both of their companies at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [first, second] = [await invitingCompany(test), await invitingCompany(test)];
      const both = await joinedPerson(test, first.token, first.supplierId);
      await alsoJoins(test, second.token, second.supplierId, both);
      const responses = await Promise.all([first, second].map((boss) => usersAs(test, boss.token).block(boss.supplierId, both.id)));
      expectStatuses(responses, [200, 200]);
      // Whichever came second saw that no company was left and ended the logins.
      expect((await get(test, both.accessToken, '/supplier/index')).status).toBe(401);
    }
  });

  it('keeps one working link when it is sent again twice at once', async () => {
    const boss = await invitingCompany(test);
    const added = await addPerson(test, boss.token, boss.supplierId);
    test.clock.advance(1000);
    const responses = await Promise.all([0, 1].map(() => usersAs(test, boss.token).resend(boss.supplierId, added.id)));
    expectStatuses(responses, [200, 200]);
    const mails = await mailsTo(test, added.email);
    expect(mails).toHaveLength(3);
    const tokens = mails.map((mail) => mail.text.match(/invitation\?token=([\w-]+)/)![1]!);
    const working = [];
    for (const token of tokens) if ((await checkInvitation(test, token)).status === 200) working.push(token);
    expect(working).toHaveLength(1);
    expect(expectOk(await usersAs(test, boss.token).info(boss.supplierId, added.id)).status).toBe('invited');
  });
});
