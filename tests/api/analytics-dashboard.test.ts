import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMembership,
  addRedemption,
  analyticsAs,
  blockMember,
  reportCompany,
  reportMember,
  reportProduct,
  reportSetup,
  setClock,
} from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';

/** The liability (what is still owed, by product, age and expiry) and the dashboard's figures by role (decision 056). */

const NOW = '2026-11-21T10:00:00Z';
let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
  setClock(test, NOW);
});
afterAll(() => test.close());

describe('liability', () => {
  it('counts unspent, unexpired certificates (blocked ones too) by product, by calendar months since purchase, and what expires in 30 days', async () => {
    const { api, certificate, supplierId } = await reportSetup(test, 'RU');
    const spa = await reportProduct(test, supplierId, 'Spa day');
    const other = await reportSetup(test, 'RU');
    const year = '2027-11-01T00:00:00Z';
    // Moscow has no DST: three calendar months before 13:00 on 21 November is 13:00 on 21 August, 10:00Z.
    await certificate({ at: '2026-08-21T10:00:01Z', denomination: 10_000, validUntil: year });
    await certificate({ at: '2026-08-21T10:00:00Z', denomination: 20_000, validUntil: year });
    await certificate({
      at: '2026-05-21T10:00:00Z',
      denomination: 50_000,
      balance: 30_000,
      productId: spa,
      validUntil: '2026-12-21T10:00:00Z',
    });
    await certificate({
      at: '2025-11-21T10:00:00Z',
      denomination: 40_000,
      productId: spa,
      status: 'blocked',
      validUntil: '2026-12-21T10:00:01Z',
    });
    await certificate({ at: '2025-11-21T10:00:01Z', denomination: 1_000, validUntil: '2026-11-21T10:00:01Z' });
    // Not owed: expired this very second, fully spent, or another company's.
    await certificate({ at: '2026-10-01T10:00:00Z', denomination: 5_000, validUntil: NOW });
    await certificate({ at: '2026-10-01T10:00:00Z', denomination: 5_000, balance: 0, status: 'redeemed', validUntil: year });
    await other.certificate({ at: '2026-10-01T10:00:00Z', denomination: 7_000, validUntil: year });

    const response = await api.liability();
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({ currency: 'RUB', asOf: '2026-11-21T10:00:00.000Z', count: 5, outstanding: 101_000 });
    expect(data.byAge).toEqual([
      { bucket: 'upTo3', count: 1, outstanding: 10_000 },
      { bucket: 'upTo6', count: 1, outstanding: 20_000 },
      { bucket: 'upTo12', count: 2, outstanding: 31_000 },
      { bucket: 'over12', count: 1, outstanding: 40_000 },
    ]);
    expect(data.expiring).toEqual({ count: 2, outstanding: 31_000 });
    expect(data.byProduct).toEqual([
      { productId: spa, product: 'Spa day', count: 2, outstanding: 70_000 },
      { productId: expect.any(String), product: 'Gift card', count: 3, outstanding: 31_000 },
    ]);
  });

  it("counts months in the company's zone: Madrid's summer time moves the three-month line by an hour", async () => {
    const { api, certificate } = await reportSetup(test, 'ES');
    // 11:00 CET on 21 November; three months before is 11:00 CEST on 21 August, 09:00Z.
    await certificate({ at: '2026-08-21T09:00:01Z', denomination: 1_000 });
    await certificate({ at: '2026-08-21T09:00:00Z', denomination: 2_000 });
    const data = (await api.liability()).body.data;
    expect(data.currency).toBe('EUR');
    expect(data.byAge.slice(0, 2)).toEqual([
      { bucket: 'upTo3', count: 1, outstanding: 1_000 },
      { bucket: 'upTo6', count: 1, outstanding: 2_000 },
    ]);
  });

  it('answers zeros and every bucket for a company that owes nothing', async () => {
    const { api } = await reportSetup(test, 'BY');
    expect((await api.liability()).body.data).toEqual({
      currency: 'BYN',
      asOf: '2026-11-21T10:00:00.000Z',
      timeZone: 'Europe/Minsk',
      count: 0,
      outstanding: 0,
      byProduct: [],
      byAge: ['upTo3', 'upTo6', 'upTo12', 'over12'].map((bucket) => ({ bucket, count: 0, outstanding: 0 })),
      expiring: { count: 0, outstanding: 0 },
    });
  });
});

describe('dashboard', () => {
  it("shows today's redemptions to every role, the liability to admins and accountants, moderation to admins", async () => {
    const { supplierId, certificate, admin, api } = await reportSetup(test, 'RU');
    const card = await certificate({ at: '2026-11-01T10:00:00Z', denomination: 100_000, validUntil: '2026-12-01T00:00:00Z' });
    const by = { userId: admin.userId };
    // Today in Moscow began at 21:00Z yesterday.
    await addRedemption(test, card, { ...by, at: '2026-11-20T20:59:59Z', amount: 1_000 });
    await addRedemption(test, card, { ...by, at: '2026-11-20T21:00:00Z', amount: 2_000 });
    await addRedemption(test, card, { ...by, at: '2026-11-21T09:59:00Z', amount: 3_000 });
    await addRedemption(test, card, { ...by, at: '2026-11-21T09:59:30Z', amount: 50_000, status: 'error' });
    const elsewhere = await reportSetup(test, 'RU');
    const theirs = await elsewhere.certificate({ at: '2026-11-01T10:00:00Z' });
    await addRedemption(test, theirs, { userId: elsewhere.admin.userId, at: '2026-11-21T09:00:00Z', amount: 9_000 });

    // What waits for moderation: the admin's own companies on moderation, the selected company's products on it.
    const waiting = await reportCompany(test, 'RU', 'moderation');
    const notAdmin = await reportCompany(test, 'RU', 'moderation');
    const blockedIn = await reportCompany(test, 'RU', 'moderation');
    await addMembership(test, admin.userId, waiting, ['roleAdmin']);
    await addMembership(test, admin.userId, notAdmin, ['roleAccountant']);
    await addMembership(test, admin.userId, blockedIn, ['roleAdmin']);
    await blockMember(test, admin.userId, blockedIn);
    await reportProduct(test, supplierId, 'Waiting one', 'moderation');
    await reportProduct(test, supplierId, 'Waiting two', 'moderation');
    await reportProduct(test, supplierId, 'Draft', 'draft');
    await reportProduct(test, waiting, 'Elsewhere', 'moderation');

    const today = { date: '2026-11-21', count: 2, redeemed: 5_000 };
    const liability = {
      count: 1,
      outstanding: 94_000,
      byAge: [
        { bucket: 'upTo3', count: 1, outstanding: 94_000 },
        { bucket: 'upTo6', count: 0, outstanding: 0 },
        { bucket: 'upTo12', count: 0, outstanding: 0 },
        { bucket: 'over12', count: 0, outstanding: 0 },
      ],
      expiring: { count: 1, outstanding: 94_000 },
    };

    // No failed-lookup alerts in this company: an empty list for who may read them (decision 097), none for the till.
    const lookupAlerts = { timeZone: 'Europe/Moscow', items: [] };
    expect((await api.dashboard()).body.data).toEqual({
      currency: 'RUB',
      today,
      liability,
      moderation: { companies: 1, products: 2 },
      lookupAlerts,
    });

    const accountant = await reportMember(test, supplierId, ['roleAccountant']);
    expect((await analyticsAs(test, accountant.token, supplierId).dashboard()).body.data).toEqual({
      currency: 'RUB',
      today,
      liability,
      moderation: null,
      lookupAlerts,
    });

    const redeemer = await reportMember(test, supplierId, ['roleRedeemer']);
    expect((await analyticsAs(test, redeemer.token, supplierId).dashboard()).body.data).toEqual({
      currency: 'RUB',
      today,
      liability: null,
      moderation: null,
      lookupAlerts: null,
    });

    // The company on moderation has nothing redeemed; its own product on moderation is counted when it is selected.
    expect((await analyticsAs(test, admin.token, waiting).dashboard()).body.data).toMatchObject({
      today: { date: '2026-11-21', count: 0, redeemed: 0 },
      moderation: { companies: 1, products: 1 },
    });
  });
});
