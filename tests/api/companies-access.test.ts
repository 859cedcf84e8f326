import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, memberships, moderationEvents, suppliers, users } from '../../server/db/schema';
import type { TestApp, TestResponse } from './support/app';
import { createAuthTestApp, expectError } from './support/auth';
import {
  activeCompany,
  ADMIN_SUPPLIERS,
  draftCompany,
  expectOk,
  freshInn,
  get,
  newAdmin,
  post,
  SAMPLES,
  SUPPLIER,
} from './support/companies';

/**
 * Issue 10: who may touch a company (its admins only; staff for moderation),
 * the parent rule, tax-id uniqueness, and the rules that must hold when
 * requests arrive together (DESIGN.md §4): two creations with one tax id, two
 * staff deciding at once, two submissions at once.
 */

let test: TestApp;
const tokens: Record<'demoAdmin' | 'accountant' | 'redeemer' | 'moderator', string> = {
  demoAdmin: '',
  accountant: '',
  redeemer: '',
  moderator: '',
};
const idOf = async (name: string) => (await test.database.db.select().from(suppliers).where(eq(suppliers.name, name)))[0]!.id;
const rowOf = async (id: string) => (await test.database.db.select().from(suppliers).where(eq(suppliers.id, id)))[0]!;

beforeAll(async () => {
  test = await createAuthTestApp();
  for (const [key, email] of [
    ['demoAdmin', 'admin@demo.test'],
    ['accountant', 'accountant@demo.test'],
    ['redeemer', 'redeemer@demo.test'],
    ['moderator', 'moderator@demo.test'],
  ] as const)
    tokens[key] = (await test.login(email)).accessToken;
});
afterAll(() => test?.close());

/** Every supplier call that names a company, as a request for that company. */
const supplierCalls = (supplierId: string): [string, 'GET' | 'POST', string, unknown][] => [
  ['update', 'POST', '/supplier/update', { supplierId, ...SAMPLES.RU.company, tin: freshInn(), name: 'Taken over' }],
  ['cancel-create', 'POST', '/supplier/cancel-create', { supplierId }],
  ['legal-data/add', 'POST', '/legal-data/add', { supplierId, ...SAMPLES.RU.legal }],
  ['bank-account/add', 'POST', '/bank-account/add', { supplierId, ...SAMPLES.RU.bank }],
  ['info', 'GET', `/supplier/info?supplierId=${supplierId}`, undefined],
  ['general-info', 'GET', `/supplier/general-info?supplierId=${supplierId}`, undefined],
  ['submit', 'POST', '/supplier/submit', { supplierId, language: 'ru-RU' }],
  ['download-accepted-offer', 'GET', `/contract/download-accepted-offer?supplierId=${supplierId}`, undefined],
];
const callAs = (token: string, [, method, path, body]: [string, 'GET' | 'POST', string, unknown]): Promise<TestResponse> =>
  test.call(method, `${SUPPLIER}${path}`, { token, body });

describe('only the company’s admins may use the supplier calls', () => {
  it('refuses the accountant and the redeemer of the company, and another company’s admin, with "not found"', async () => {
    const demoGifts = await idOf('Demo Gifts');
    const stranger = await newAdmin(test, 'stranger');
    const strangersCompany = await draftCompany(test, stranger.token);
    const cases: [string, string, string][] = [
      ['accountant of Demo Gifts', tokens.accountant, demoGifts],
      ['redeemer of Demo Gifts', tokens.redeemer, demoGifts],
      ['admin of another company', stranger.token, demoGifts],
      ['demo admin on a stranger’s company', tokens.demoAdmin, strangersCompany],
    ];
    for (const [who, token, supplierId] of cases) {
      for (const call of supplierCalls(supplierId)) {
        const response = await callAs(token, call);
        expect({ who, call: call[0], status: response.status, code: response.body?.error?.code }).toEqual({
          who,
          call: call[0],
          status: 404,
          code: 'SUPPLIER_NOT_FOUND',
        });
      }
    }
    // Nothing changed.
    const [demo] = await test.database.db.select().from(suppliers).where(eq(suppliers.id, demoGifts));
    expect(demo).toMatchObject({ name: 'Demo Gifts', status: 'active', tin: '7704123450' });
    expect(expectOk(await get(test, stranger.token, `/supplier/general-info?supplierId=${strangersCompany}`))).toMatchObject({
      name: 'Sber Gifts',
      status: 'draft',
    });
  });

  it('answers a malformed company id like an unknown one', async () => {
    for (const supplierId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await get(test, tokens.demoAdmin, `/supplier/info?supplierId=${supplierId}`);
      expect(response.status).toBe(supplierId.length === 36 ? 404 : 422);
      expect(JSON.stringify(response.body)).toContain('SUPPLIER_NOT_FOUND');
    }
  });

  it('needs a session for every call', async () => {
    for (const call of supplierCalls(await idOf('Demo Gifts'))) {
      expectError(await test.call(call[1], `${SUPPLIER}${call[2]}`, { body: call[3] }), 401, 'UNAUTHORIZED');
    }
  });
});

describe('only marketplace staff may moderate', () => {
  const staffCalls = (supplierId: string): ['GET' | 'POST', string, unknown][] => [
    ['GET', '?status=moderation', undefined],
    ['GET', `/${supplierId}`, undefined],
    ['POST', `/${supplierId}/approve`, undefined],
    ['POST', `/${supplierId}/reject`, { reason: 'No.' }],
    ['GET', `/${supplierId}/offer`, undefined],
  ];

  it('refuses admins, accountants, redeemers and new users with 403 on every admin call', async () => {
    const waiting = await idOf('Demo Toys KZ');
    const newcomer = await newAdmin(test, 'newcomer');
    for (const token of [tokens.demoAdmin, tokens.accountant, tokens.redeemer, newcomer.token]) {
      for (const [method, path, body] of staffCalls(waiting)) {
        expectError(await test.call(method, `${ADMIN_SUPPLIERS}${path}`, { token, body }), 403, 'FORBIDDEN');
      }
    }
    for (const [method, path, body] of staffCalls(waiting))
      expectError(await test.call(method, `${ADMIN_SUPPLIERS}${path}`, { body }), 401, 'UNAUTHORIZED');
    const [row] = await test.database.db.select().from(suppliers).where(eq(suppliers.id, waiting));
    expect(row!.status).toBe('moderation');
  });

  it('shows staff the demo queue and any company in full', async () => {
    const waiting = await idOf('Demo Toys KZ');
    const queue = expectOk(await test.call('GET', ADMIN_SUPPLIERS, { token: tokens.moderator }));
    expect(queue.items).toEqual([
      expect.objectContaining({ supplierId: waiting, name: 'Demo Toys KZ', country: 'KZ', tin: '180540012343' }),
    ]);
    const info = expectOk(await test.call('GET', `${ADMIN_SUPPLIERS}/${waiting}`, { token: tokens.moderator }));
    expect(info).toMatchObject({ status: 'moderation', legalType: 'KZ_TOO', bankAccountDataResponse: { iik: 'KZ86125KZT5004100100' } });
    expect(info.contractResponse.acceptedOfferFileSize).toBeGreaterThan(1000);
  });

  it('answers 404 for an unknown company, 409 for one not on moderation, 422 for a bad id or no reason', async () => {
    const as = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      test.call(method, `${ADMIN_SUPPLIERS}${path}`, { token: tokens.moderator, body });
    expectError(await as('POST', '/00000000-0000-4000-8000-000000000000/approve'), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await as('GET', '/00000000-0000-4000-8000-000000000000'), 404, 'SUPPLIER_NOT_FOUND');
    expectError(await as('POST', `/${await idOf('Demo Regalos')}/approve`), 409, 'SUPPLIER_NOT_ON_MODERATION');
    expectError(await as('POST', `/${await idOf('Demo Gifts')}/reject`, { reason: 'x' }), 409, 'SUPPLIER_NOT_ON_MODERATION');
    expectError(await as('POST', '/nope/approve'), 422, 'VALIDATION_ERROR', { supplierId: 'SUPPLIER_NOT_FOUND' });
    const waiting = await idOf('Demo Toys KZ');
    expectError(await as('POST', `/${waiting}/reject`, { reason: '   ' }), 422, 'VALIDATION_ERROR', { reason: 'REQUIRED' });
    expectError(await as('POST', `/${waiting}/reject`, {}), 422, 'VALIDATION_ERROR', { reason: 'REQUIRED' });
    expectError(await as('POST', `/${waiting}/reject`, { reason: 'x'.repeat(1001) }), 422, 'VALIDATION_ERROR', { reason: 'TOO_LONG' });
    expectError(await as('GET', `/${await idOf('Demo Regalos')}/offer`), 404, 'OFFER_NOT_FOUND');
    expectError(await as('GET', '?status=active'), 422, 'VALIDATION_ERROR', { status: 'UNKNOWN_VALUE' });
  });
});

describe('the parent rule', () => {
  it('takes an active parent the caller administers that has no parent, and lists the branch under it', async () => {
    const owner = await newAdmin(test, 'parent');
    const parent = await activeCompany(test, owner.token);
    const branch = expectOk(
      await post(test, owner.token, '/supplier/create', {
        ...SAMPLES.RU.company,
        tin: freshInn(),
        name: 'Branch',
        parentSupplierId: parent,
      }),
    );
    const info = expectOk(await get(test, owner.token, `/supplier/info?supplierId=${branch.supplierId}`));
    expect(info.parentSupplier).toEqual({ parentSupplierId: parent, parentSupplierName: 'ООО «Сбер Подарки»' });
    expect(info.parentSupplierName).toBe('ООО «Сбер Подарки»');
    const index = expectOk(await get(test, owner.token, '/supplier/index'));
    expect(index.supplierItems).toEqual([
      expect.objectContaining({
        supplierId: parent,
        childrenSupplierList: { children: [expect.objectContaining({ supplierId: branch.supplierId })] },
      }),
    ]);

    // A branch cannot be a parent.
    const grandchild = await post(test, owner.token, '/supplier/create', {
      ...SAMPLES.RU.company,
      tin: freshInn(),
      parentSupplierId: branch.supplierId,
    });
    expectError(grandchild, 422, 'PARENT_HAS_PARENT', { parentSupplierId: 'PARENT_HAS_PARENT' });
    // Nor can a company be its own parent.
    const other = await activeCompany(test, owner.token);
    const self = await post(test, owner.token, '/supplier/update', {
      supplierId: branch.supplierId,
      ...SAMPLES.RU.company,
      tin: (await rowOf(branch.supplierId)).tin,
      parentSupplierId: branch.supplierId,
    });
    expectError(self, 422, 'VALIDATION_ERROR', { parentSupplierId: 'INVALID_PARENT_ID' });
    // Moving the branch to another active parent, and back to no parent, is fine.
    const move = { supplierId: branch.supplierId, ...SAMPLES.RU.company, tin: (await rowOf(branch.supplierId)).tin, name: 'Branch' };
    expectOk(await post(test, owner.token, '/supplier/update', { ...move, parentSupplierId: other }));
    expectOk(await post(test, owner.token, '/supplier/update', { ...move, parentSupplierId: null }));
    expect(expectOk(await get(test, owner.token, `/supplier/info?supplierId=${branch.supplierId}`)).parentSupplier).toBeNull();
  });

  it('refuses a draft, a company on moderation and a rejected one as the parent, at creation and on change', async () => {
    const owner = await newAdmin(test, 'unapproved-parent');
    const draft = await draftCompany(test, owner.token);
    const waiting = await draftCompany(test, owner.token);
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId: waiting, language: 'ru-RU' }));
    const rejected = await draftCompany(test, owner.token);
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId: rejected, language: 'ru-RU' }));
    expectOk(await test.call('POST', `${ADMIN_SUPPLIERS}/${rejected}/reject`, { token: tokens.moderator, body: { reason: 'No.' } }));
    const mine = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    for (const parentSupplierId of [draft, waiting, rejected]) {
      const created = await post(test, owner.token, '/supplier/create', { ...SAMPLES.RU.company, tin: freshInn(), parentSupplierId });
      expectError(created, 422, 'PARENT_NOT_ACTIVE', { parentSupplierId: 'PARENT_NOT_ACTIVE' });
      const changed = await post(test, owner.token, '/supplier/update', {
        supplierId: mine,
        ...SAMPLES.RU.company,
        tin: (await rowOf(mine)).tin,
        parentSupplierId,
      });
      expectError(changed, 422, 'PARENT_NOT_ACTIVE', { parentSupplierId: 'PARENT_NOT_ACTIVE' });
    }
    expect(
      await test.database.db
        .select()
        .from(suppliers)
        .where(inArray(suppliers.parentId, [draft, waiting, rejected])),
    ).toEqual([]);
    // The admin's companies: the four, none a branch.
    expect(expectOk(await get(test, owner.token, '/supplier/index')).supplierItems).toHaveLength(4);
  });

  it('refuses a parent the caller is not the admin of, or that does not exist, with the same code', async () => {
    const owner = await newAdmin(test, 'no-parent');
    const demoGifts = await idOf('Demo Gifts');
    // An admin of a company of their own who is only an accountant of the parent.
    const accountant = await newAdmin(test, 'parent-accountant');
    await draftCompany(test, accountant.token, 'RU', { steps: 1 });
    const [accountantUser] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.email, accountant.email));
    await test.database.db.insert(memberships).values({ userId: accountantUser!.id, supplierId: demoGifts, roles: ['roleAccountant'] });
    const body = (parentSupplierId: unknown) => ({ ...SAMPLES.RU.company, tin: freshInn(), parentSupplierId });
    for (const [token, parentSupplierId] of [
      [owner.token, demoGifts],
      [accountant.token, demoGifts],
      [owner.token, '00000000-0000-4000-8000-000000000000'],
      [owner.token, 'not-a-uuid'],
    ] as const) {
      const response = await post(test, token, '/supplier/create', body(parentSupplierId));
      expectError(response, 422, 'VALIDATION_ERROR', { parentSupplierId: 'INVALID_PARENT_ID' });
    }
    // An account whose roles allow no company of its own (the demo accountant) creates none, with a parent or without
    // (decision 084: the same rule as the wizard's page).
    for (const parentSupplierId of [demoGifts, null])
      expectError(await post(test, tokens.accountant, '/supplier/create', body(parentSupplierId)), 403, 'FORBIDDEN');
  });

  it('lets no two companies become each other’s parent at once', async () => {
    const owner = await newAdmin(test, 'mutual');
    const [first, second] = [
      await draftCompany(test, owner.token, 'RU', { steps: 1 }),
      await draftCompany(test, owner.token, 'RU', { steps: 1 }),
    ];
    // Both are drafts, so neither may be a parent; the rows are locked in id order all the same, so this never deadlocks.
    const responses = await Promise.all([
      post(test, owner.token, '/supplier/update', {
        supplierId: first,
        ...SAMPLES.RU.company,
        tin: (await rowOf(first)).tin,
        parentSupplierId: second,
      }),
      post(test, owner.token, '/supplier/update', {
        supplierId: second,
        ...SAMPLES.RU.company,
        tin: (await rowOf(second)).tin,
        parentSupplierId: first,
      }),
    ]);
    for (const response of responses) expectError(response, 422, 'PARENT_NOT_ACTIVE');
    expect(
      await test.database.db
        .select()
        .from(suppliers)
        .where(inArray(suppliers.parentId, [first, second])),
    ).toEqual([]);
  });
});

describe('a tax id is registered once', () => {
  it('refuses a tax id another company holds, also once normalised', async () => {
    const owner = await newAdmin(test, 'duplicate');
    const taken = await post(test, owner.token, '/supplier/create', { ...SAMPLES.RU.company, tin: '7704123450' });
    expectError(taken, 409, 'TIN_ALREADY_REGISTERED', { tin: 'TIN_ALREADY_REGISTERED' });
    expectOk(await post(test, owner.token, '/supplier/create', SAMPLES.ES.company));
    const again = await post(test, owner.token, '/supplier/create', { ...SAMPLES.ES.company, tin: ' a-58818501 ' });
    expectError(again, 409, 'TIN_ALREADY_REGISTERED', { tin: 'TIN_ALREADY_REGISTERED' });
    // Nor may an update take one.
    const mine = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    const update = await post(test, owner.token, '/supplier/update', { supplierId: mine, ...SAMPLES.RU.company, tin: '1655123453' });
    expectError(update, 409, 'TIN_ALREADY_REGISTERED', { tin: 'TIN_ALREADY_REGISTERED' });
  });

  it('gives one of two parallel creations with the same tax id the company and the other the coded error', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [first, second] = [await newAdmin(test, 'racer'), await newAdmin(test, 'racer')];
      const tin = freshInn();
      const responses = await Promise.all(
        [first, second].map((racer) => post(test, racer.token, '/supplier/create', { ...SAMPLES.RU.company, tin, name: 'Race' })),
      );
      expect(responses.map((response) => response.status).sort(), responses.map((response) => response.text).join('\n')).toEqual([
        200, 409,
      ]);
      expectError(
        responses.find((response) => response.status === 409)!,
        409,
        'TIN_ALREADY_REGISTERED',
      );
      const rows = await test.database.db.select().from(suppliers).where(eq(suppliers.tin, tin));
      expect(rows).toHaveLength(1);
      // The loser got no membership of a company that does not exist.
      const members = await test.database.db.select().from(memberships).where(eq(memberships.supplierId, rows[0]!.id));
      expect(members).toHaveLength(1);
    }
  });
});

describe('decisions and submissions that race', () => {
  const secondStaff = async () => {
    const staff = await newAdmin(test, 'staff');
    await test.database.db.update(users).set({ isStaff: true }).where(eq(users.email, staff.email));
    return staff.token;
  };
  const onModeration = async () => {
    const owner = await newAdmin(test, 'decided');
    const supplierId = await draftCompany(test, owner.token);
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }));
    return { owner, supplierId };
  };

  it('lets exactly one of two staff deciding at once win', async () => {
    const other = await secondStaff();
    for (const [first, second] of [
      ['approve', 'reject'],
      ['reject', 'approve'],
      ['approve', 'approve'],
      ['reject', 'reject'],
    ] as const) {
      const { owner, supplierId } = await onModeration();
      const decide = (token: string, action: 'approve' | 'reject') =>
        test.call('POST', `${ADMIN_SUPPLIERS}/${supplierId}/${action}`, {
          token,
          body: action === 'reject' ? { reason: `No (${token.slice(-4)})` } : undefined,
        });
      const responses = await Promise.all([decide(tokens.moderator, first), decide(other, second)]);
      expect(responses.map((response) => response.status).sort(), responses.map((response) => response.text).join('\n')).toEqual([
        200, 409,
      ]);
      expectError(
        responses.find((response) => response.status === 409)!,
        409,
        'SUPPLIER_NOT_ON_MODERATION',
      );
      const winner = responses.find((response) => response.status === 200)!.body.data;
      const events = await test.database.db.select().from(moderationEvents).where(eq(moderationEvents.supplierId, supplierId));
      expect(events.map((event) => event.action)).toEqual(['submitted', winner.status === 'active' ? 'approved' : 'rejected']);
      const decisions = await test.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.supplierId, supplierId),
            eq(auditLog.action, winner.status === 'active' ? 'supplier.approve' : 'supplier.reject'),
          ),
        );
      expect(decisions).toHaveLength(1);
      const mails = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
      expect(mails).toHaveLength(3); // the registration code, "on moderation", the one decision
    }
  });

  it('submits once when two submissions arrive together', async () => {
    const owner = await newAdmin(test, 'double-submit');
    const supplierId = await draftCompany(test, owner.token);
    const responses = await Promise.all(
      (['ru-RU', 'en-US'] as const).map((language) => post(test, owner.token, '/supplier/submit', { supplierId, language })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expectError(
      responses.find((response) => response.status === 409)!,
      409,
      'SUPPLIER_NOT_EDITABLE',
    );
    const events = await test.database.db.select().from(moderationEvents).where(eq(moderationEvents.supplierId, supplierId));
    expect(events).toHaveLength(1);
  });

  it('never lets a change slip in between the offer and the submission', async () => {
    const owner = await newAdmin(test, 'change-and-submit');
    const supplierId = await draftCompany(test, owner.token);
    const [row] = await test.database.db.select().from(suppliers).where(eq(suppliers.id, supplierId));
    const [submitted, changed] = await Promise.all([
      post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }),
      post(test, owner.token, '/supplier/update', { supplierId, ...SAMPLES.RU.company, tin: row!.tin, name: 'Renamed meanwhile' }),
    ]);
    expect(submitted.status, submitted.text).toBe(200);
    const info = expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`));
    if (changed.status === 200) {
      // The update came first: the offer was rendered again with the new name.
      expect(info.name).toBe('Renamed meanwhile');
    } else {
      expectError(changed, 409, 'SUPPLIER_NOT_EDITABLE');
      expect(info.name).toBe('Sber Gifts');
    }
    expect(info.status).toBe('moderation');
  });
});

describe('step rules the server owns', () => {
  it('keeps legal data to the company’s country and tax id', async () => {
    const owner = await newAdmin(test, 'legal-rules');
    const supplierId = await draftCompany(test, owner.token, 'RU', { steps: 1 });
    const wrongCountry = await post(test, owner.token, '/legal-data/add', { supplierId, ...SAMPLES.BY.legal });
    expectError(wrongCountry, 422, 'VALIDATION_ERROR', { country: 'COUNTRY_MISMATCH' });
    const otherInn = await post(test, owner.token, '/legal-data/add', { supplierId, ...SAMPLES.RU.legal });
    expectError(otherInn, 422, 'VALIDATION_ERROR', { 'data.inn': 'TIN_MISMATCH' });
    const wrongBankCountry = await post(test, owner.token, '/bank-account/add', { supplierId, ...SAMPLES.ES.bank });
    expectError(wrongBankCountry, 422, 'VALIDATION_ERROR', { country: 'COUNTRY_MISMATCH' });
    expectError(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }), 422, 'LEGAL_DATA_NOT_FOUND');
  });

  it('needs bank data before submitting, with a BIK the directory knows', async () => {
    const owner = await newAdmin(test, 'bank-rules');
    const supplierId = await draftCompany(test, owner.token, 'RU', { steps: 2 });
    expectError(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }), 422, 'BANK_DATA_NOT_FOUND');
    // 044525999 has a BIK's form and the account's key fits it, but no bank has it.
    const unknown = await post(test, owner.token, '/bank-account/add', {
      supplierId,
      ...SAMPLES.RU.bank,
      bik: '044525999',
      checkingAccount: '40702810900000001111',
    });
    expectError(unknown, 422, 'VALIDATION_ERROR', { bik: 'BIK_NOT_FOUND' });
    expect(expectOk(await get(test, owner.token, `/supplier/general-info?supplierId=${supplierId}`)).steps.bank).toBe(false);
  });

  it('looks a BIK up in the directory for the form', async () => {
    expect(expectOk(await get(test, tokens.accountant, '/bank/bik?bik=044525225'))).toEqual({
      bik: '044525225',
      bankName: 'ПАО Сбербанк',
      correspondentAccount: '30101810400000000225',
    });
    expect(expectOk(await get(test, tokens.accountant, '/bank/bik?bik=%20044%20525%20000'))).toEqual({
      bik: '044525000',
      bankName: 'ГУ БАНКА РОССИИ ПО ЦФО',
      correspondentAccount: '',
    });
    expectError(await get(test, tokens.accountant, '/bank/bik?bik=044525999'), 422, 'BIK_NOT_FOUND', { bik: 'BIK_NOT_FOUND' });
    expectError(await get(test, tokens.accountant, '/bank/bik?bik=12345'), 422, 'VALIDATION_ERROR', { bik: 'WRONG_LENGTH' });
    expectError(await get(test, tokens.accountant, '/bank/bik'), 422, 'VALIDATION_ERROR', { bik: 'REQUIRED' });
  });

  it('clears legal and bank data when the country changes, and keeps them with a new tax id that fits', async () => {
    const owner = await newAdmin(test, 'country-change');
    const supplierId = await draftCompany(test, owner.token);
    const newInn = freshInn();
    const sameCountry = expectOk(await post(test, owner.token, '/supplier/update', { supplierId, ...SAMPLES.RU.company, tin: newInn }));
    expect(sameCountry.steps).toEqual({ company: true, legal: true, bank: true });
    expect(expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`)).legalDataDataResponse.inn).toBe(newInn);

    // A 12-digit INN is a sole trader's: the organisation's legal data no longer fits and is cleared; the bank data stays.
    const person = expectOk(await post(test, owner.token, '/supplier/update', { supplierId, ...SAMPLES.RU.company, tin: '773612345650' }));
    expect(person.steps).toEqual({ company: true, legal: false, bank: true });

    const moved = expectOk(await post(test, owner.token, '/supplier/update', { supplierId, ...SAMPLES.KZ.company }));
    expect(moved).toMatchObject({ country: 'KZ', steps: { company: true, legal: false, bank: false }, submittable: false });
    const info = expectOk(await get(test, owner.token, `/supplier/info?supplierId=${supplierId}`));
    expect(info).toMatchObject({
      country: 'KZ',
      tin: '971240001315',
      legalType: null,
      legalDataDataResponse: null,
      bankAccountDataResponse: null,
    });
    expect(info.supplierName).toBe('Almaty Gifts');
  });
});
