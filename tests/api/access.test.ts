import { randomUUID } from 'node:crypto';
import { can, type Capability } from '@contract/access';
import type { Role } from '@contract/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers, users } from '../../server/db/schema';
import { blockMember, reportCompany, reportMember, stranger } from './support/analytics';
import type { TestApp, TestResponse } from './support/app';
import { createAuthTestApp } from './support/auth';
import { characteristics, terms } from './support/catalogue';
import { freshInn, SAMPLES } from './support/companies';
import { person } from './support/users';
import { saleProduct } from './support/widgets';

/**
 * The server keeps to the capabilities its operations declare (decision 084): for every operation of
 * /api/openapi.json with an `x-capability`, each kind of viewer is refused exactly when src/contract/access.ts says
 * their roles (or their account) lack it. The pages are held to the same declarations by tests/unit/access-walk.test.ts,
 * so a page and the calls it makes cannot disagree about who may use them.
 *
 * Each request is one the operation accepts (refusals come after validation), about a company the viewers belong to,
 * or, for the moderation calls, one they do not; those allowed meet whatever the operation then says (a draft to
 * create, a product that is not there), never a refusal.
 */

let test: TestApp;

interface Viewer {
  name: string;
  token: string;
  /** Roles in the company the requests name; null: not a member. */
  companyRoles: Role[] | null;
  blocked?: boolean;
  /** The account's roles, as get-info answers them (what creating a company is decided on). */
  accountRoles: Role[];
  staff: boolean;
}

/** What the viewer may do by the contract's mapping: the expectation every answer is checked against. */
const expected = (viewer: Viewer, capability: Capability): boolean =>
  capability === 'createCompany' || capability === 'moderate'
    ? can({ roles: viewer.accountRoles, staff: viewer.staff }, capability)
    : !viewer.blocked && viewer.companyRoles !== null && can({ roles: viewer.companyRoles, staff: viewer.staff }, capability);

/** The answers that say "not for you": a missing capability, a blocked membership, a company that is not one's own. */
const isRefusal = (response: TestResponse): boolean =>
  (response.status === 403 && ['FORBIDDEN', 'MEMBERSHIP_BLOCKED', 'STAFF_CANNOT_CREATE_COMPANY'].includes(response.body?.error?.code)) ||
  (response.status === 404 && response.body?.error?.code === 'SUPPLIER_NOT_FOUND');

interface Call {
  query?: Record<string, string>;
  json?: unknown;
  param?: Record<string, string>;
  headers?: Record<string, string>;
  /** A raw body (the image upload's). */
  raw?: string;
}

interface Ids {
  supplierId: string;
  productId: string;
  memberId: string;
  /** A company none of the viewers belongs to (Demo Gifts): whom staff moderate. */
  otherCompanyId: string;
}

/** One acceptable request per operation that declares a capability, keyed as the OpenAPI document lists it. */
const REQUESTS: Record<string, (ids: Ids) => Call> = {
  'get /api/front/analytics/sales': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/sales/summary': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/sales/export': ({ supplierId }) => ({ query: { supplierId, format: 'csv' } }),
  'post /api/front/analytics/sales/email': ({ supplierId }) => ({ json: { supplierId } }),
  'get /api/front/analytics/sales/mails': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/redemption': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/audit': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/audit/export': ({ supplierId }) => ({ query: { supplierId, format: 'csv' } }),
  'get /api/front/lookup-alerts/settings': ({ supplierId }) => ({ query: { supplierId } }),
  'post /api/front/lookup-alerts/settings': ({ supplierId }) => ({
    json: { supplierId, tillMax: 10, certificateMax: 5, windowMinutes: 60 },
  }),
  'get /api/front/analytics/redemption/summary': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/redemption/export': ({ supplierId }) => ({ query: { supplierId, format: 'csv' } }),
  'post /api/front/analytics/redemption/email': ({ supplierId }) => ({ json: { supplierId } }),
  'get /api/front/analytics/redemption/mails': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/liability': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/liability/export': ({ supplierId }) => ({ query: { supplierId, format: 'csv' } }),
  'post /api/front/analytics/liability/email': ({ supplierId }) => ({ json: { supplierId } }),
  'get /api/front/analytics/liability/mails': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/dashboard': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/analytics/schedules/list': ({ supplierId }) => ({ query: { supplierId } }),
  'post /api/front/analytics/schedules/create': ({ supplierId }) => ({
    json: { supplierId, report: 'sales', frequency: 'weekly', recipients: ['books@example.test'] },
  }),
  'post /api/front/analytics/schedules/status': ({ supplierId }) => ({ json: { supplierId, scheduleId: randomUUID(), status: 'paused' } }),
  'post /api/front/analytics/schedules/delete': ({ supplierId }) => ({ json: { supplierId, scheduleId: randomUUID() } }),
  'get /api/front/supplier/catalogue/list': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/supplier/catalogue/info': ({ supplierId, productId }) => ({ query: { supplierId, productId } }),
  'post /api/front/supplier/catalogue/create': ({ supplierId }) => ({ json: { supplierId, data: characteristics() } }),
  'post /api/front/supplier/catalogue/save': ({ supplierId, productId }) => ({
    json: { supplierId, productId, step: 'terms', data: terms() },
  }),
  'post /api/front/supplier/catalogue/submit': ({ supplierId, productId }) => ({ json: { supplierId, productId } }),
  'post /api/front/supplier/catalogue/delete': ({ supplierId }) => ({ json: { supplierId, productId: randomUUID() } }),
  'post /api/front/supplier/catalogue/images/upload': ({ supplierId, productId }) => ({
    query: { supplierId, productId },
    raw: 'not a picture',
    headers: { 'content-type': 'image/png' },
  }),
  'post /api/front/supplier/catalogue/images/order': ({ supplierId, productId }) => ({
    json: { supplierId, productId, imageIds: [randomUUID()] },
  }),
  'post /api/front/supplier/catalogue/images/delete': ({ supplierId, productId }) => ({
    json: { supplierId, productId, imageId: randomUUID() },
  }),
  'get /api/front/supplier/products': ({ supplierId }) => ({ query: { supplierId } }),
  'post /api/front/supplier/supplier/create': () => ({ json: { ...SAMPLES.RU.company, tin: freshInn() } }),
  'post /api/front/supplier/supplier/update': ({ supplierId }) => ({ json: { supplierId, ...SAMPLES.RU.company, tin: freshInn() } }),
  'post /api/front/supplier/supplier/cancel-create': ({ supplierId }) => ({ json: { supplierId } }),
  'post /api/front/supplier/supplier/holder-notices': ({ supplierId }) => ({ json: { supplierId, holderNotices: true } }),
  'post /api/front/supplier/legal-data/add': ({ supplierId }) => ({ json: { supplierId, ...SAMPLES.RU.legal } }),
  'post /api/front/supplier/bank-account/add': ({ supplierId }) => ({ json: { supplierId, ...SAMPLES.RU.bank } }),
  'get /api/front/supplier/supplier/info': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/supplier/supplier/general-info': ({ supplierId }) => ({ query: { supplierId } }),
  'post /api/front/supplier/supplier/submit': ({ supplierId }) => ({ json: { supplierId, language: 'ru-RU' } }),
  'get /api/front/supplier/contract/download-accepted-offer': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/supplier/users/list': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/supplier/users/info': ({ supplierId, memberId }) => ({ query: { supplierId, userId: memberId } }),
  'post /api/front/supplier/users/add': ({ supplierId }) => ({ json: person(supplierId) }),
  'post /api/front/supplier/users/roles': ({ supplierId }) => ({ json: { supplierId, userId: randomUUID(), roles: ['roleRedeemer'] } }),
  'post /api/front/supplier/users/block': ({ supplierId }) => ({ json: { supplierId, userId: randomUUID() } }),
  'post /api/front/supplier/users/unblock': ({ supplierId }) => ({ json: { supplierId, userId: randomUUID() } }),
  'post /api/front/supplier/users/resend-invitation': ({ supplierId }) => ({ json: { supplierId, userId: randomUUID() } }),
  'post /api/front/supplier/users/withdraw-invitation': ({ supplierId }) => ({ json: { supplierId, userId: randomUUID() } }),
  'post /api/front/redemption/check': ({ supplierId }) => ({ json: { supplierId, number: 'NOSUCH0001', pin: '0000' } }),
  'post /api/front/redemption/redeem': ({ supplierId }) => ({
    json: { supplierId, number: 'NOSUCH0001', pin: '0000', amount: 100 },
    headers: { 'idempotency-key': randomUUID() },
  }),
  'get /api/front/redemption/history': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/redemption/till': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/marketing/products': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/marketing/poster': ({ supplierId }) => ({ query: { supplierId, productId: randomUUID(), language: 'en' } }),
  'get /api/front/widgets/list': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/widgets/info': ({ supplierId }) => ({ query: { supplierId, widgetId: randomUUID() } }),
  'get /api/front/widgets/products': ({ supplierId }) => ({ query: { supplierId } }),
  'post /api/front/widgets/add': ({ supplierId, productId }) => ({
    json: { supplierId, productId, denominations: [100_000], colour: '#be123c', language: 'en' },
  }),
  'post /api/front/widgets/edit': ({ supplierId, productId }) => ({
    json: { supplierId, widgetId: randomUUID(), productId, denominations: [100_000], colour: '#be123c', language: 'en' },
  }),
  'post /api/front/widgets/status': ({ supplierId }) => ({ json: { supplierId, widgetId: randomUUID(), status: 'disabled' } }),
  'get /api/front/webhooks/list': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/front/webhooks/info': ({ supplierId }) => ({ query: { supplierId, endpointId: randomUUID() } }),
  'get /api/front/webhooks/deliveries': ({ supplierId }) => ({ query: { supplierId, endpointId: randomUUID() } }),
  'post /api/front/webhooks/add': ({ supplierId }) => ({
    json: { supplierId, url: 'https://hooks.example.com/in', events: ['certificate.redeemed'] },
  }),
  'post /api/front/webhooks/edit': ({ supplierId }) => ({ json: { supplierId, endpointId: randomUUID(), events: ['user.blocked'] } }),
  'post /api/front/webhooks/status': ({ supplierId }) => ({ json: { supplierId, endpointId: randomUUID(), status: 'disabled' } }),
  'post /api/front/webhooks/rotate': ({ supplierId }) => ({ json: { supplierId, endpointId: randomUUID() } }),
  'post /api/front/webhooks/delete': ({ supplierId }) => ({ json: { supplierId, endpointId: randomUUID() } }),
  'post /api/front/webhooks/resend': ({ supplierId }) => ({ json: { supplierId, endpointId: randomUUID(), deliveryId: randomUUID() } }),
  'post /api/front/webhooks/test': ({ supplierId }) => ({ json: { supplierId, endpointId: randomUUID() } }),
  'get /api/front/integrations/keys/list': ({ supplierId }) => ({ query: { supplierId } }),
  'post /api/front/integrations/keys/create': ({ supplierId }) => ({ json: { supplierId, name: 'Till 1', scopes: ['check'] } }),
  'post /api/front/integrations/keys/revoke': ({ supplierId }) => ({ json: { supplierId, keyId: randomUUID() } }),
  'get /api/admin/suppliers': () => ({}),
  'get /api/admin/suppliers/waiting': () => ({}),
  'get /api/admin/suppliers/{supplierId}': ({ otherCompanyId }) => ({ param: { supplierId: otherCompanyId } }),
  'post /api/admin/suppliers/{supplierId}/approve': ({ otherCompanyId }) => ({ param: { supplierId: otherCompanyId } }),
  'post /api/admin/suppliers/{supplierId}/reject': ({ otherCompanyId }) => ({
    param: { supplierId: otherCompanyId },
    json: { reason: 'Wrong INN' },
  }),
  'get /api/admin/suppliers/{supplierId}/offer': ({ otherCompanyId }) => ({ param: { supplierId: otherCompanyId } }),
  'get /api/admin/products': () => ({}),
  'get /api/admin/audit': ({ supplierId }) => ({ query: { supplierId } }),
  'get /api/admin/audit/export': ({ supplierId }) => ({ query: { supplierId, format: 'csv' } }),
  'get /api/admin/products/{productId}': () => ({ param: { productId: randomUUID() } }),
  'post /api/admin/products/{productId}/save': () => ({ param: { productId: randomUUID() }, json: { step: 'terms', data: terms() } }),
  'post /api/admin/products/{productId}/finish': () => ({ param: { productId: randomUUID() }, json: { decision: 'approve' } }),
  'post /api/admin/products/{productId}/reset': () => ({ param: { productId: randomUUID() } }),
};

let declared: { key: string; method: string; path: string; can: Capability }[];
let viewers: Viewer[];
let ids: Ids;

beforeAll(async () => {
  test = await createAuthTestApp();
  const document = (await test.call('GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { 'x-capability'?: Capability }>>;
  };
  declared = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, spec]) =>
      spec['x-capability'] ? [{ key: `${method} ${path}`, method: method.toUpperCase(), path, can: spec['x-capability'] }] : [],
    ),
  );

  const supplierId = await reportCompany(test, 'RU');
  const productId = await saleProduct(test, supplierId);
  const [demo] = await test.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, 'Demo Gifts'));
  const member = async (roles: Role[]) => reportMember(test, supplierId, roles);
  const makeStaff = (userId: string) => test.database.db.update(users).set({ isStaff: true }).where(eq(users.id, userId));

  const [admin, accountant, redeemer, blocked, staffAdmin] = [
    await member(['roleAdmin']),
    await member(['roleAccountant']),
    await member(['roleRedeemer']),
    await member(['roleAdmin']),
    await member(['roleAdmin']),
  ];
  // Signed in before the block: the token stays good, the block is read on every call (decision 53).
  await blockMember(test, blocked.userId, supplierId);
  await makeStaff(staffAdmin.userId);
  const outsider = await stranger(test);
  const staff = await stranger(test);
  await makeStaff(staff.userId);
  ids = { supplierId, productId, memberId: accountant.userId, otherCompanyId: demo!.id };

  viewers = [
    { name: 'an admin', token: admin.token, companyRoles: ['roleAdmin'], accountRoles: ['roleAdmin'], staff: false },
    { name: 'an accountant', token: accountant.token, companyRoles: ['roleAccountant'], accountRoles: ['roleAccountant'], staff: false },
    { name: 'a redeemer', token: redeemer.token, companyRoles: ['roleRedeemer'], accountRoles: ['roleRedeemer'], staff: false },
    // Its only company blocked it: it keeps no role at all.
    { name: 'a blocked admin', token: blocked.token, companyRoles: ['roleAdmin'], blocked: true, accountRoles: [], staff: false },
    // No company: the configured default roles (roleAdmin) are the account's.
    { name: 'someone of no company', token: outsider.token, companyRoles: null, accountRoles: ['roleAdmin'], staff: false },
    { name: 'marketplace staff', token: staff.token, companyRoles: null, accountRoles: [], staff: true },
    {
      name: 'staff whom the company made its admin',
      token: staffAdmin.token,
      companyRoles: ['roleAdmin'],
      accountRoles: ['roleAdmin'],
      staff: true,
    },
  ];
});
afterAll(() => test?.close());

function send(operation: { key: string; method: string; path: string }, token: string): Promise<TestResponse> {
  const call = REQUESTS[operation.key]!(ids);
  const path = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => call.param![name]!);
  const query = call.query ? `?${new URLSearchParams(call.query)}` : '';
  return test.call(operation.method, `${path}${query}`, { token, body: call.raw ?? call.json, headers: call.headers });
}

describe('the server refuses exactly whom the capability an operation declares leaves out', () => {
  it('has a request for every operation that declares a capability, and none for any other', () => {
    expect(declared.length).toBeGreaterThan(50);
    expect(declared.map((operation) => operation.key).sort()).toEqual(Object.keys(REQUESTS).sort());
  });

  it('answers each viewer as the contract maps its roles', async () => {
    const wrong: string[] = [];
    for (const operation of declared)
      for (const viewer of viewers) {
        const response = await send(operation, viewer.token);
        expect(response.status, `${operation.key} for ${viewer.name}: ${response.text}`).toBeLessThan(500);
        const allowed = expected(viewer, operation.can);
        if (allowed === isRefusal(response))
          wrong.push(
            `${operation.key} (${operation.can}) for ${viewer.name}: ${allowed ? 'refused' : 'not refused'}: ${response.status} ${response.text.slice(0, 120)}`,
          );
      }
    expect(wrong).toEqual([]);
  }, 240_000);
});
