import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, moderationEvents, suppliers, users } from '../../server/db/schema';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { productRow, staffAs, submittedProduct } from './support/catalogue';
import { ADMIN_SUPPLIERS, draftCompany, expectOk, freshInn, newAdmin, post, SAMPLES } from './support/companies';

/**
 * Issue 30, finding 1 (decision 077): staff are a kind of account of their own. They create no company, hold a
 * supplier role only where a company made them a member, and never moderate a company they belong to, nor its
 * products: a coded 403, audited. A staff member who is also a company's admin is refused for that company only.
 */

let test: TestApp;
let moderator: string;
/** A company's admin who then became staff; their company and its product wait for moderation. */
let insider: { email: string; token: string; userId: string; supplierId: string; productId: string };
/** Another company and its product, waiting too. */
let other: { supplierId: string; productId: string };

const onModeration = async (label: string) => {
  const owner = await newAdmin(test, label);
  const supplierId = await draftCompany(test, owner.token);
  expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }));
  return { ...owner, supplierId, productId: await submittedProduct(test, owner.token, supplierId) };
};
const statusOf = async (supplierId: string) =>
  (await test.database.db.select({ status: suppliers.status }).from(suppliers).where(eq(suppliers.id, supplierId)))[0]!.status;
const refusals = (supplierId: string, action: string) =>
  test.database.db
    .select({ userId: auditLog.userId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.supplierId, supplierId), eq(auditLog.action, action)));

beforeAll(async () => {
  test = await createAuthTestApp();
  moderator = (await test.login('moderator@demo.test')).accessToken;
  const made = await onModeration('insider');
  const [user] = await test.database.db.update(users).set({ isStaff: true }).where(eq(users.email, made.email)).returning();
  insider = { ...made, userId: user!.id };
  other = await onModeration('outsider');
});
afterAll(() => test?.close());

describe('staff and companies of their own', () => {
  it('gives staff no supplier role unless a company made them a member', async () => {
    const info = (token: string) => test.call('GET', '/api/front/user/account/get-info', { token });
    expect(expectOk(await info(moderator))).toMatchObject({ isStaff: true, roles: [], memberships: [] });
    expect(expectOk(await info(insider.token))).toMatchObject({
      isStaff: true,
      roles: ['roleAdmin'],
      memberships: [expect.objectContaining({ supplierId: insider.supplierId, roles: ['roleAdmin'] })],
    });
  });

  it('lets no staff account create a company, a company’s admin among them', async () => {
    for (const token of [moderator, insider.token]) {
      const tin = freshInn();
      const created = await post(test, token, '/supplier/create', { ...SAMPLES.RU.company, tin });
      expectError(created, 403, 'STAFF_CANNOT_CREATE_COMPANY');
      expect(await test.database.db.select().from(suppliers).where(eq(suppliers.tin, tin))).toEqual([]);
    }
  });

  it('refuses a staff member the approval and the rejection of their own company, audited; others decide it', async () => {
    const decide = (token: string, supplierId: string, action: 'approve' | 'reject') =>
      test.call('POST', `${ADMIN_SUPPLIERS}/${supplierId}/${action}`, { token, body: action === 'reject' ? { reason: 'No.' } : undefined });
    expectError(await decide(insider.token, insider.supplierId, 'approve'), 403, 'OWN_COMPANY_MODERATION');
    expectError(await decide(insider.token, insider.supplierId, 'reject'), 403, 'OWN_COMPANY_MODERATION');
    expect(await statusOf(insider.supplierId)).toBe('moderation');
    const events = await test.database.db.select().from(moderationEvents).where(eq(moderationEvents.supplierId, insider.supplierId));
    expect(events.map((event) => event.action)).toEqual(['submitted']);
    expect(await refusals(insider.supplierId, 'supplier.moderationRefused')).toEqual([
      { userId: insider.userId, details: { action: 'approved' } },
      { userId: insider.userId, details: { action: 'rejected' } },
    ]);
    // A blocked membership is still theirs.
    await test.database.db.update(memberships).set({ status: 'blocked' }).where(eq(memberships.userId, insider.userId));
    expectError(await decide(insider.token, insider.supplierId, 'approve'), 403, 'OWN_COMPANY_MODERATION');
    await test.database.db.update(memberships).set({ status: 'active' }).where(eq(memberships.userId, insider.userId));

    // The same person decides on another company; another moderator on theirs.
    expect(expectOk(await decide(insider.token, other.supplierId, 'approve')).status).toBe('active');
    expect(expectOk(await decide(moderator, insider.supplierId, 'approve')).status).toBe('active');
    expect(await refusals(other.supplierId, 'supplier.moderationRefused')).toEqual([]);
  });

  it('refuses a staff member every change to a product of their own company, audited; others’ products they moderate', async () => {
    const asInsider = staffAs(test, insider.token);
    const before = await productRow(test, insider.productId);
    expectError(await asInsider.finish(insider.productId, 'approve'), 403, 'OWN_COMPANY_MODERATION');
    expectError(await asInsider.finish(insider.productId, 'reject', 'No.'), 403, 'OWN_COMPANY_MODERATION');
    expectError(
      await asInsider.save(insider.productId, 'admin', { activity: 'active', sorting: 1, symbolicCode: 'own-code', showOnMainPage: true }),
      403,
      'OWN_COMPANY_MODERATION',
    );
    expectError(await asInsider.reset(insider.productId), 403, 'OWN_COMPANY_MODERATION');
    expect(await productRow(test, insider.productId)).toEqual(before);
    expect(await refusals(insider.supplierId, 'product.moderationRefused')).toEqual(
      ['finish', 'finish', 'save', 'reset'].map((action) => ({
        userId: insider.userId,
        details: { productId: insider.productId, action },
      })),
    );
    // Reading is no decision.
    expect(expectOk(await asInsider.info(insider.productId)).status).toBe('moderation');

    expect(expectOk(await asInsider.finish(other.productId, 'approve')).status).toBe('active');
    expect(expectOk(await staffAs(test, moderator).finish(insider.productId, 'approve')).status).toBe('active');
  });
});
