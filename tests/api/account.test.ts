import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, suppliers } from '../../server/db/schema';
import { userByEmail, type TestApp } from './support/app';
import { createAuthTestApp, expectError, freshEmail, itRefuses, signUp } from './support/auth';

const ACCOUNT = '/api/front/user/account';
const SUPPLIER_INDEX = '/api/front/supplier/supplier/index';

let test: TestApp;
let admin: string;
let accountant: string;
let moderator: string;
beforeAll(async () => {
  // Default configuration: DEFAULT_ROLES is roleAdmin.
  test = await createAuthTestApp();
  const token = async (email: string) => (await test.login(email)).accessToken;
  [admin, accountant, moderator] = await Promise.all([
    token('admin@demo.test'),
    token('accountant@demo.test'),
    token('moderator@demo.test'),
  ]);
});
afterAll(() => test?.close());

const get = (path: string, token: string) => test.call('GET', path, { token });
const post = (path: string, token: string, body: unknown) => test.call('POST', path, { token, body });
const settingsUnchanged = async () =>
  expect((await get(`${ACCOUNT}/get-settings`, admin)).body.data).toEqual({ language: 'ru-RU', color: null });
const profileUnchanged = async () =>
  expect(await userByEmail(test, 'admin@demo.test')).toMatchObject({ firstName: 'Anna', secondName: 'Adminova', phone: '+79990000000' });
const supplierId = async (name: string) => (await test.database.db.select().from(suppliers).where(eq(suppliers.name, name)))[0]!.id;

describe('authentication of the account and supplier calls', () => {
  it.each([
    ['GET', `${ACCOUNT}/get-info`],
    ['GET', `${ACCOUNT}/get-settings`],
    ['POST', `${ACCOUNT}/set-info`],
    ['POST', `${ACCOUNT}/set-settings`],
    ['GET', SUPPLIER_INDEX],
  ])('%s %s needs a session', async (method, path) => {
    const body = method === 'POST' ? { preferredLanguage: 'en-US', preferredColor: '#000000' } : undefined;
    expectError(await test.call(method, path, { body }), 401, 'UNAUTHORIZED');
    expectError(await test.call(method, path, { body, token: 'abc.def.ghi' }), 401, 'UNAUTHORIZED');
  });
});

describe('GET get-info', () => {
  it('answers the profile, the roles and the memberships', async () => {
    const response = await get(`${ACCOUNT}/get-info`, admin);
    expect(response.status).toBe(200);
    const user = await userByEmail(test, 'admin@demo.test');
    expect(response.body.data).toEqual({
      id: user!.id,
      firstName: 'Anna',
      secondName: 'Adminova',
      email: 'admin@demo.test',
      phone: '+79990000000',
      region: 'ru',
      roles: ['roleAdmin'],
      // The demo admin has a company in every status (README): two active, a draft, a rejected one, one on moderation.
      memberships: await Promise.all(
        ['Demo Café', 'Demo Gifts', 'Demo Gifts Kazan', 'Demo Regalos', 'Demo Toys KZ'].map(async (name) => ({
          supplierId: await supplierId(name),
          supplierName: name,
          roles: ['roleAdmin'],
        })),
      ),
      isStaff: false,
    });
    expect(response.text).not.toContain('passwordHash');
    expect(response.text).not.toContain('$argon2');
  });

  it('answers the roles of the memberships, not the default list', async () => {
    const { data } = (await get(`${ACCOUNT}/get-info`, accountant)).body;
    expect(data.roles).toEqual(['roleAccountant']);
    expect(data.memberships).toHaveLength(1);
  });

  it('unites the roles of several memberships', async () => {
    const { id } = (await userByEmail(test, 'accountant@demo.test'))!;
    const branch = await supplierId('Demo Gifts Kazan');
    await test.database.db.insert(memberships).values({ userId: id, supplierId: branch, roles: ['roleRedeemer', 'roleAccountant'] });
    try {
      const { data } = (await get(`${ACCOUNT}/get-info`, accountant)).body;
      expect([...data.roles].sort()).toEqual(['roleAccountant', 'roleRedeemer']);
      expect(data.memberships).toHaveLength(2);
    } finally {
      await test.database.db.delete(memberships).where(and(eq(memberships.userId, id), eq(memberships.supplierId, branch)));
    }
  });

  it('gives staff without memberships no supplier role (not the default ones) and marks them as staff', async () => {
    const { data } = (await get(`${ACCOUNT}/get-info`, moderator)).body;
    expect(data).toMatchObject({ email: 'moderator@demo.test', isStaff: true, memberships: [], roles: [] });
  });

  it('gives a newly registered user the default role list', async () => {
    const { accessToken } = await signUp(test, freshEmail('newcomer'));
    const { data } = (await get(`${ACCOUNT}/get-info`, accessToken)).body;
    expect(data).toMatchObject({ roles: ['roleAdmin'], memberships: [], isStaff: false });
  });
});

describe('GET get-settings and POST set-settings', () => {
  it('defaults to the language of the registration and no colour: each site shows its own accent (decision 79)', async () => {
    const response = await get(`${ACCOUNT}/get-settings`, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { language: 'ru-RU', color: null } });
    const { accessToken } = await signUp(test, freshEmail('spanish'), { region: 'es', language: 'es-ES' });
    expect((await get(`${ACCOUNT}/get-settings`, accessToken)).body).toEqual({ data: { language: 'es-ES', color: null } });
  });

  it('saves the language alone, keeping the colour saved before (or none)', async () => {
    const { accessToken } = await signUp(test, freshEmail('language-only'));
    const first = await post(`${ACCOUNT}/set-settings`, accessToken, { preferredLanguage: 'es-ES' });
    expect(first.body).toEqual({ data: { language: 'es-ES', color: null } });
    await post(`${ACCOUNT}/set-settings`, accessToken, { preferredLanguage: 'es-ES', preferredColor: '#0b69d4' });
    const again = await post(`${ACCOUNT}/set-settings`, accessToken, { preferredLanguage: 'fr-FR' });
    expect(again.body).toEqual({ data: { language: 'fr-FR', color: '#0B69D4' } });
  });

  it('saves the language and the colour (upper-cased) and answers them', async () => {
    const { accessToken } = await signUp(test, freshEmail('settings'));
    const saved = await post(`${ACCOUNT}/set-settings`, accessToken, { preferredLanguage: 'en-US', preferredColor: '#a1b2c3' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ data: { language: 'en-US', color: '#A1B2C3' } });
    expect((await get(`${ACCOUNT}/get-settings`, accessToken)).body).toEqual(saved.body);
    // Only this user's settings changed.
    expect((await get(`${ACCOUNT}/get-settings`, admin)).body.data.language).toBe('ru-RU');
  });

  itRefuses(
    () => test,
    'POST',
    `${ACCOUNT}/set-settings`,
    [
      ['nothing', {}, { preferredLanguage: 'REQUIRED' }],
      ['a language without a region', { preferredLanguage: 'en', preferredColor: '#000000' }, { preferredLanguage: 'UNKNOWN_VALUE' }],
      ['an unsupported locale', { preferredLanguage: 'de-DE', preferredColor: '#000000' }, { preferredLanguage: 'UNKNOWN_VALUE' }],
      ['a colour name', { preferredLanguage: 'ru-RU', preferredColor: 'green' }, { preferredColor: 'COLOR_INVALID' }],
      ['a short colour', { preferredLanguage: 'ru-RU', preferredColor: '#0c0' }, { preferredColor: 'COLOR_INVALID' }],
      ['a colour that is not hex', { preferredLanguage: 'ru-RU', preferredColor: '#GGGGGG' }, { preferredColor: 'COLOR_INVALID' }],
      [
        'wrong types',
        { preferredLanguage: 1, preferredColor: 0x03c03c },
        { preferredLanguage: 'UNKNOWN_VALUE', preferredColor: 'WRONG_TYPE' },
      ],
    ],
    { token: () => admin, then: settingsUnchanged },
  );
});

describe('POST set-info', () => {
  it('saves the profile, trimmed and with the phone normalised, and answers get-info', async () => {
    const email = freshEmail('profile');
    const { accessToken } = await signUp(test, email);
    const response = await post(`${ACCOUNT}/set-info`, accessToken, {
      firstName: '  Olga ',
      secondName: 'Smirnova',
      phone: '8 (912) 345-67-89',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      email,
      firstName: 'Olga',
      secondName: 'Smirnova',
      phone: '89123456789',
      roles: ['roleAdmin'],
    });
    expect((await get(`${ACCOUNT}/get-info`, accessToken)).body).toEqual(response.body);
  });

  it('does not change the e-mail, the status or staff rights whatever the body says', async () => {
    const email = freshEmail('sneaky');
    const { accessToken } = await signUp(test, email);
    const response = await post(`${ACCOUNT}/set-info`, accessToken, {
      firstName: 'Eve',
      secondName: 'Sneaky',
      phone: '+34600000000',
      email: 'admin@demo.test',
      isStaff: true,
      status: 'blocked',
      region: 'es',
    });
    expect(response.status).toBe(200);
    expect(await userByEmail(test, email)).toMatchObject({ email, isStaff: false, status: 'active', region: 'ru', firstName: 'Eve' });
  });

  itRefuses(
    () => test,
    'POST',
    `${ACCOUNT}/set-info`,
    [
      ['nothing', {}, { firstName: 'REQUIRED', secondName: 'REQUIRED', phone: 'REQUIRED' }],
      [
        'blank values',
        { firstName: ' ', secondName: '', phone: '  ' },
        { firstName: 'REQUIRED', secondName: 'REQUIRED', phone: 'REQUIRED' },
      ],
      [
        'over-long names',
        { firstName: 'x'.repeat(101), secondName: 'y'.repeat(101), phone: '+79990000000' },
        { firstName: 'TOO_LONG', secondName: 'TOO_LONG' },
      ],
      ['a bad phone', { firstName: 'Anna', secondName: 'Adminova', phone: 'call me' }, { phone: 'PHONE_INVALID' }],
      [
        'wrong types',
        { firstName: {}, secondName: true, phone: 79990000000 },
        { firstName: 'WRONG_TYPE', secondName: 'WRONG_TYPE', phone: 'WRONG_TYPE' },
      ],
    ],
    { token: () => admin, then: profileUnchanged },
  );
});

describe('GET /api/front/supplier/supplier/index', () => {
  it("lists the user's companies with branches under their parent", async () => {
    const response = await get(SUPPLIER_INDEX, admin);
    expect(response.status).toBe(200);
    const [main, ...others] = response.body.data.supplierItems;
    // The demo admin's other companies (decision 50), oldest first, none of them a branch.
    expect(others).toEqual(
      [
        ['Demo Café', 'rejected'],
        ['Demo Toys KZ', 'moderation'],
        ['Demo Regalos', 'draft'],
      ].map(([name, status]) => expect.objectContaining({ name, status, roles: ['roleAdmin'], childrenSupplierList: { children: [] } })),
    );
    expect({ data: { supplierItems: [main] } }).toEqual({
      data: {
        supplierItems: [
          {
            supplierId: await supplierId('Demo Gifts'),
            supplierName: 'Demo Gifts LLC',
            name: 'Demo Gifts',
            status: 'active',
            roles: ['roleAdmin'],
            childrenSupplierList: {
              children: [
                {
                  supplierId: await supplierId('Demo Gifts Kazan'),
                  supplierName: 'Demo Gifts Kazan LLC',
                  name: 'Demo Gifts Kazan',
                  status: 'active',
                  roles: ['roleAdmin'],
                  childrenSupplierList: { children: [] },
                },
              ],
            },
          },
        ],
      },
    });
  });

  it('lists only the companies the user belongs to', async () => {
    const items = (await get(SUPPLIER_INDEX, accountant)).body.data.supplierItems;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'Demo Gifts', roles: ['roleAccountant'], childrenSupplierList: { children: [] } });
    expect((await get(SUPPLIER_INDEX, moderator)).body).toEqual({ data: { supplierItems: [] } });
  });

  it('lists a branch at the top when the user does not belong to its parent', async () => {
    const email = freshEmail('branch-only');
    const { accessToken } = await signUp(test, email);
    const { id } = (await userByEmail(test, email))!;
    await test.database.db
      .insert(memberships)
      .values({ userId: id, supplierId: await supplierId('Demo Gifts Kazan'), roles: ['roleRedeemer'] });
    const items = (await get(SUPPLIER_INDEX, accessToken)).body.data.supplierItems;
    expect(items).toEqual([expect.objectContaining({ name: 'Demo Gifts Kazan', roles: ['roleRedeemer'] })]);
    // With a membership, the default roles no longer apply.
    expect((await get(`${ACCOUNT}/get-info`, accessToken)).body.data.roles).toEqual(['roleRedeemer']);
  });
});
