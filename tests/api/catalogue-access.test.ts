import type { Role } from '@contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import { ADMIN_PRODUCTS, CATALOGUE, characteristics, fixedDenominations, productRow, submittedProduct } from './support/catalogue';
import { invitingCompany, joinedPerson } from './support/users';

/**
 * Who may touch a product (decision 055): a company's admins only their company's (another
 * company's product is "not found", other roles are refused), staff every product through the
 * admin area, and nobody else any of it. Nothing changes on a refused call.
 */

let test: TestApp;
let owner: { token: string; supplierId: string };
let stranger: { token: string; supplierId: string };
let productId: string;
beforeAll(async () => {
  test = await createAuthTestApp();
  owner = await invitingCompany(test, 'RU', 'access-owner');
  stranger = await invitingCompany(test, 'ES', 'access-stranger');
  productId = await submittedProduct(test, owner.token, owner.supplierId, 'Guarded');
});
afterAll(() => test?.close());

type Call = [method: 'GET' | 'POST', path: string, body?: unknown];

/** The company calls about the product, naming the company given. */
const productCalls = (supplierId: string): Call[] => [
  ['GET', `${CATALOGUE}/info?supplierId=${supplierId}&productId=${productId}`],
  ['POST', `${CATALOGUE}/save`, { supplierId, productId, step: 'denominations', data: fixedDenominations([1]) }],
  ['POST', `${CATALOGUE}/submit`, { supplierId, productId }],
];

/** Every company call. */
const companyCalls = (supplierId: string): Call[] => [
  ['GET', `${CATALOGUE}/list?supplierId=${supplierId}`],
  ['POST', `${CATALOGUE}/create`, { supplierId, data: characteristics() }],
  ...productCalls(supplierId),
];

/** Every staff call about the product. */
const staffCalls = (): Call[] => [
  ['GET', ADMIN_PRODUCTS],
  ['GET', `${ADMIN_PRODUCTS}/${productId}`],
  ['POST', `${ADMIN_PRODUCTS}/${productId}/save`, { step: 'denominations', data: fixedDenominations([1]) }],
  ['POST', `${ADMIN_PRODUCTS}/${productId}/finish`, { decision: 'approve' }],
  ['POST', `${ADMIN_PRODUCTS}/${productId}/reset`],
];

async function expectUnchanged(work: () => Promise<void>) {
  const before = await productRow(test, productId);
  await work();
  expect(await productRow(test, productId)).toEqual(before);
}

describe('the company calls', () => {
  it("answer another company's admin that the product does not exist", async () => {
    await expectUnchanged(async () => {
      for (const [method, path, body] of productCalls(stranger.supplierId))
        expectError(await test.call(method, path, { token: stranger.token, body }), 404, 'PRODUCT_NOT_FOUND');
      // Naming the other company itself: not a member, so it does not exist either.
      for (const [method, path, body] of companyCalls(owner.supplierId))
        expectError(await test.call(method, path, { token: stranger.token, body }), 404, 'SUPPLIER_NOT_FOUND');
    });
  });

  it('refuse the company’s people without the admin role', async () => {
    for (const roles of [['roleRedeemer'], ['roleAccountant']] satisfies Role[][]) {
      const person = await joinedPerson(test, owner.token, owner.supplierId, { roles });
      await expectUnchanged(async () => {
        for (const [method, path, body] of companyCalls(owner.supplierId))
          expectError(await test.call(method, path, { token: person.accessToken, body }), 403, 'FORBIDDEN');
      });
    }
  });

  it('refuse staff, who are no member of the company', async () => {
    const staff = (await test.login('moderator@demo.test')).accessToken;
    for (const [method, path, body] of companyCalls(owner.supplierId))
      expectError(await test.call(method, path, { token: staff, body }), 404, 'SUPPLIER_NOT_FOUND');
  });

  it('refuse a caller without a login', async () => {
    for (const [method, path, body] of companyCalls(owner.supplierId))
      expectError(await test.call(method, path, { body }), 401, 'UNAUTHORIZED');
  });
});

describe('the staff calls', () => {
  it('refuse everyone but marketplace staff, the company’s own admin included', async () => {
    await expectUnchanged(async () => {
      for (const token of [owner.token, stranger.token, (await test.login('admin@demo.test')).accessToken])
        for (const [method, path, body] of staffCalls()) expectError(await test.call(method, path, { token, body }), 403, 'FORBIDDEN');
      for (const [method, path, body] of staffCalls()) expectError(await test.call(method, path, { body }), 401, 'UNAUTHORIZED');
    });
  });
});
