import type { Country, SupplierStatus } from '@contract/enums';
import type { AddUserBody } from '@contract/schemas/users';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, mailOutbox, memberships, suppliers } from '../../../server/db/schema';
import type { TestApp, TestResponse } from './app';
import { freshEmail, STRONG_PASSWORD } from './auth';
import { draftCompany, expectOk, newAdmin } from './companies';

export const USERS = '/api/front/supplier/users';
export const INVITATION = '/api/front/invitation';
export const MY_INVITATIONS = '/api/front/user/invitations';
export const DAY_MS = 86_400_000;

/** The users calls as one admin (or anyone else) makes them. */
export function usersAs(test: TestApp, token: string) {
  const query = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();
  return {
    list: (supplierId: string, params: { search?: string; page?: number; pageSize?: number } = {}) =>
      test.call('GET', `${USERS}/list?${query({ supplierId, ...params })}`, { token }),
    info: (supplierId: string, userId: string) => test.call('GET', `${USERS}/info?${query({ supplierId, userId })}`, { token }),
    add: (body: AddUserBody) => test.call('POST', `${USERS}/add`, { token, body }),
    roles: (supplierId: string, userId: string, roles: string[]) =>
      test.call('POST', `${USERS}/roles`, { token, body: { supplierId, userId, roles } }),
    block: (supplierId: string, userId: string, reason?: string) =>
      test.call('POST', `${USERS}/block`, { token, body: { supplierId, userId, reason } }),
    unblock: (supplierId: string, userId: string) => test.call('POST', `${USERS}/unblock`, { token, body: { supplierId, userId } }),
    resend: (supplierId: string, userId: string) =>
      test.call('POST', `${USERS}/resend-invitation`, { token, body: { supplierId, userId } }),
    withdraw: (supplierId: string, userId: string) =>
      test.call('POST', `${USERS}/withdraw-invitation`, { token, body: { supplierId, userId } }),
  };
}

/** The signed-in person's own invitations (decision 074). */
export function myInvitationsAs(test: TestApp, token: string) {
  return {
    list: () => test.call('GET', `${MY_INVITATIONS}/list`, { token }),
    accept: (supplierId: string) => test.call('POST', `${MY_INVITATIONS}/accept`, { token, body: { supplierId } }),
    decline: (supplierId: string) => test.call('POST', `${MY_INVITATIONS}/decline`, { token, body: { supplierId } }),
  };
}

/** A person to add: a fresh address unless told otherwise. */
export const person = (supplierId: string, overrides: Partial<AddUserBody> = {}): AddUserBody => ({
  supplierId,
  secondName: 'Kassirova',
  firstName: 'Olga',
  email: freshEmail('staff'),
  phone: '+7 900 111-22-33',
  roles: ['roleRedeemer'],
  ...overrides,
});

/** A new admin with a company of their own (RU gets a fresh INN): a draft, or as far as `status` says. */
export async function companyWithAdmin(test: TestApp, country: Country = 'RU', label = 'boss', status: SupplierStatus = 'draft') {
  const admin = await newAdmin(test, label);
  const supplierId = await draftCompany(test, admin.token, country, { steps: 1 });
  if (status !== 'draft') await test.database.db.update(suppliers).set({ status }).where(eq(suppliers.id, supplierId));
  return { ...admin, supplierId };
}

/** A company that has passed moderation, as one must have to invite people (decision 074). */
export const invitingCompany = (test: TestApp, country: Country = 'RU', label = 'boss') => companyWithAdmin(test, country, label, 'active');

export const supplierIdOf = async (test: TestApp, name: string) =>
  (await test.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, name)))[0]!.id;

/** The mails to an address, oldest first (a test moves its clock between mails it tells apart). */
export const mailsTo = (test: TestApp, email: string) =>
  test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));

/** The latest mail to the address with this subject. */
export const mailWithSubject = async (test: TestApp, email: string, subject: string) =>
  (await mailsTo(test, email)).findLast((mail) => mail.subject === subject);

/** The token of the invitation link in the latest mail to the address that has one. */
export async function invitationToken(test: TestApp, email: string): Promise<string> {
  const links = (await mailsTo(test, email)).flatMap((mail) => mail.text.match(/https?:\/\/\S+\/invitation\?token=([\w-]+)/)?.[1] ?? []);
  if (!links.length) throw new Error(`no invitation mailed to ${email}`);
  return links.at(-1)!;
}

export const checkInvitation = (test: TestApp, token: string) => test.call('GET', `${INVITATION}/check?token=${encodeURIComponent(token)}`);

export const acceptInvitation = (test: TestApp, token: string, password = STRONG_PASSWORD, repeatPassword = password) =>
  test.call('POST', `${INVITATION}/accept`, { body: { token, password, repeatPassword } });

/** An account holder accepts from the mail with their password. */
export const joinByInvitation = (test: TestApp, token: string, password: string) =>
  test.call('POST', `${INVITATION}/join`, { body: { token, password } });

/** Adds a person as the admin and answers their page. */
export async function addPerson(test: TestApp, token: string, supplierId: string, overrides: Partial<AddUserBody> = {}) {
  return expectOk(await usersAs(test, token).add(person(supplierId, overrides)));
}

/** Invites a new address and accepts at once: an active member with a password, signed in. */
export async function joinedPerson(test: TestApp, token: string, supplierId: string, overrides: Partial<AddUserBody> = {}) {
  const added = await addPerson(test, token, supplierId, overrides);
  const accepted = expectOk(await acceptInvitation(test, await invitationToken(test, added.email)));
  return {
    id: added.id as string,
    email: added.email as string,
    accessToken: accepted.accessToken as string,
    refreshToken: accepted.refreshToken as string,
  };
}

/** Someone signed in joins one more company: invited by its admin, accepted in the app (decision 074). */
export async function alsoJoins(
  test: TestApp,
  adminToken: string,
  supplierId: string,
  member: { email: string; accessToken: string },
  overrides: Partial<AddUserBody> = {},
) {
  const added = await addPerson(test, adminToken, supplierId, { ...overrides, email: member.email });
  expectOk(await myInvitationsAs(test, member.accessToken).accept(supplierId));
  return added;
}

export const membershipOf = async (test: TestApp, supplierId: string, userId: string) =>
  (
    await test.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.supplierId, supplierId), eq(memberships.userId, userId)))
  )[0];

export const auditAbout = (test: TestApp, supplierId: string, userId: string) =>
  test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.supplierId, supplierId), eq(auditLog.subjectUserId, userId)));

/** The statuses of answers to requests sent together, sorted, with their texts for the failure message. */
export function expectStatuses(responses: TestResponse[], statuses: number[]): void {
  expect(responses.map((response) => response.status).sort(), responses.map((response) => response.text).join('\n')).toEqual(statuses);
}
