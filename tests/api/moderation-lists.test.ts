import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { setClock } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { staffAs, submittedProduct } from './support/catalogue';
import { ADMIN_SUPPLIERS, draftCompany, expectOk, newAdmin, post } from './support/companies';
import { mailsTo } from './support/users';

/**
 * Issue 35 item 9: what the moderator's home counts (companies and products waiting), the history of decided
 * companies beside the queue (date and who decided, a page at a time), and a product sent back only with a reason.
 */

let test: TestApp;
let moderator: string;
let moderatorName: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  setClock(test, '2030-01-01T10:00:00Z');
  moderator = (await test.login('moderator@demo.test')).accessToken;
  const [person] = await test.database.db.select().from(users).where(eq(users.email, 'moderator@demo.test'));
  moderatorName = `${person!.firstName} ${person!.secondName}`;
});
afterAll(() => test?.close());

/** A company sent to moderation, with a product of its own waiting too. */
async function onModeration(label: string) {
  const owner = await newAdmin(test, label);
  const supplierId = await draftCompany(test, owner.token);
  expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }));
  return { ...owner, supplierId, productId: await submittedProduct(test, owner.token, supplierId) };
}

const waiting = async (token = moderator) => test.call('GET', `${ADMIN_SUPPLIERS}/waiting`, { token });
const list = (params: Record<string, string>) =>
  test.call('GET', `${ADMIN_SUPPLIERS}?${new URLSearchParams(params).toString()}`, { token: moderator });
const decide = (supplierId: string, action: 'approve' | 'reject') =>
  test.call('POST', `${ADMIN_SUPPLIERS}/${supplierId}/${action}`, {
    token: moderator,
    body: action === 'reject' ? { reason: 'Fix the bank.' } : undefined,
  });

describe('what waits', () => {
  it('counts the companies and the products on moderation, and a decision takes one off', async () => {
    const before = expectOk(await waiting());
    const company = await onModeration('waits');
    expect(expectOk(await waiting())).toEqual({ companies: before.companies + 1, products: before.products + 1 });
    expectOk(await decide(company.supplierId, 'approve'));
    expectOk(await staffAs(test, moderator).finish(company.productId, 'approve'));
    expect(expectOk(await waiting())).toEqual(before);
  });

  it('is for staff only', async () => {
    const owner = await newAdmin(test, 'not-staff');
    expectError(await waiting(owner.token), 403, 'FORBIDDEN');
  });
});

describe('the decided companies', () => {
  it('lists decisions latest first, with the date and who decided, a page at a time; the queue keeps only the waiting', async () => {
    const approved = await onModeration('approved');
    const rejected = await onModeration('rejected');
    const waitingOne = await onModeration('still-waiting');
    setClock(test, '2030-01-01T10:01:00Z');
    expectOk(await decide(approved.supplierId, 'approve'));
    setClock(test, '2030-01-01T10:02:00Z');
    expectOk(await decide(rejected.supplierId, 'reject'));

    const history = expectOk(await list({ status: 'decided', pageSize: '2' }));
    expect(history).toMatchObject({ page: 1, pageSize: 2, total: expect.any(Number) });
    expect(history.items.slice(0, 2)).toEqual([
      expect.objectContaining({
        supplierId: rejected.supplierId,
        decision: { action: 'rejected', at: '2030-01-01T10:02:00.000Z', by: moderatorName },
      }),
      expect.objectContaining({
        supplierId: approved.supplierId,
        decision: { action: 'approved', at: '2030-01-01T10:01:00.000Z', by: moderatorName },
      }),
    ]);
    const second = expectOk(await list({ status: 'decided', pageSize: '2', page: '2' }));
    expect(second.page).toBe(2);
    expect(second.items.map((item: { supplierId: string }) => item.supplierId)).not.toContain(rejected.supplierId);

    const queue = expectOk(await list({ pageSize: '200' }));
    const queued = queue.items.map((item: { supplierId: string }) => item.supplierId);
    expect(queued).toContain(waitingOne.supplierId);
    expect(queued).not.toContain(approved.supplierId);
    expect(queue.items.every((item: { decision: unknown }) => item.decision === null)).toBe(true);
  });

  it('refuses an unknown list or page as bad input', async () => {
    for (const params of [{ status: 'active' }, { page: '0' }, { pageSize: '500' }] as Record<string, string>[]) {
      const response = await list(params);
      expect(response.status, JSON.stringify(params)).toBe(422);
    }
  });
});

describe('sending a product back', () => {
  it('needs a reason; the reason reaches the company’s admins', async () => {
    const company = await onModeration('product-back');
    const staff = staffAs(test, moderator);
    for (const comment of [undefined, '', '   ']) {
      const refused = await staff.finish(company.productId, 'reject', comment);
      expectError(refused, 422, 'VALIDATION_ERROR');
      expect(refused.body.error.fields).toEqual({ comment: 'REQUIRED' });
    }
    expectOk(await staff.finish(company.productId, 'reject', 'The picture is blurred.'));
    expect(expectOk(await staff.info(company.productId))).toMatchObject({
      status: 'rejected',
      moderationComment: 'The picture is blurred.',
    });
    const mails = await mailsTo(test, company.email);
    expect(mails.at(-1)?.text).toContain('The picture is blurred.');
  });
});
