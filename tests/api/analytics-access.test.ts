import type { Role } from '@contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMembership,
  addRedemption,
  ANALYTICS,
  analyticsAs,
  blockMember,
  reportMember,
  reportSetup,
  setClock,
  stranger,
} from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';

/** Who may read what (SPEC §6, decision 056), and a company's rows never reach anyone else. */

let test: TestApp;
let company: Awaited<ReturnType<typeof reportSetup>>;
beforeAll(async () => {
  test = await createAuthTestApp();
  setClock(test, '2026-11-21T10:00:00Z');
  company = await reportSetup(test, 'RU');
  const card = await company.certificate({ at: '2026-11-05T10:00:00Z' });
  await addRedemption(test, card, { at: '2026-11-06T10:00:00Z', amount: 1_000, userId: company.admin.userId });
});
afterAll(() => test.close());

const query = (supplierId: string) => `supplierId=${supplierId}`;
const range = 'from=2026-11-01&to=2026-11-21';
const READS = {
  sales: (id: string) => `${ANALYTICS}/sales?${query(id)}`,
  salesSummary: (id: string) => `${ANALYTICS}/sales/summary?${query(id)}`,
  salesExport: (id: string) => `${ANALYTICS}/sales/export?${query(id)}&format=csv&${range}`,
  redemption: (id: string) => `${ANALYTICS}/redemption?${query(id)}`,
  redemptionSummary: (id: string) => `${ANALYTICS}/redemption/summary?${query(id)}`,
  redemptionExport: (id: string) => `${ANALYTICS}/redemption/export?${query(id)}&format=csv&${range}`,
  liability: (id: string) => `${ANALYTICS}/liability?${query(id)}`,
  dashboard: (id: string) => `${ANALYTICS}/dashboard?${query(id)}`,
};
type Read = keyof typeof READS;

const statuses = async (token: string, supplierId: string) => {
  const seen: Partial<Record<Read, number | string>> = {};
  for (const [name, path] of Object.entries(READS) as [Read, (id: string) => string][]) {
    const response = await test.call('GET', path(supplierId), { token });
    seen[name] = response.status === 200 ? 200 : `${response.status} ${response.body?.error?.code}`;
  }
  return seen;
};

describe('roles', () => {
  const all = (value: number | string) => Object.fromEntries(Object.keys(READS).map((name) => [name, value]));

  it.each<[Role[], Read[]]>([
    [['roleAdmin'], []],
    [['roleAccountant'], []],
    [['roleRedeemer'], ['sales', 'salesSummary', 'salesExport', 'liability']],
    [['roleRedeemer', 'roleAccountant'], []],
  ])('%j may read everything but %j', async (roles, refused) => {
    const member = await reportMember(test, company.supplierId, roles);
    expect(await statuses(member.token, company.supplierId)).toEqual({
      ...all(200),
      ...Object.fromEntries(refused.map((name) => [name, '403 FORBIDDEN'])),
    });
  });

  it('refuses a redeemer the sales report by e-mail too', async () => {
    const redeemer = await reportMember(test, company.supplierId, ['roleRedeemer']);
    const response = await test.call('POST', `${ANALYTICS}/sales/email`, {
      token: redeemer.token,
      body: { supplierId: company.supplierId },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
  });

  it('answers 404 to a stranger and 403 MEMBERSHIP_BLOCKED to a blocked member, for every call', async () => {
    const outsider = await stranger(test);
    expect(await statuses(outsider.token, company.supplierId)).toEqual(all('404 SUPPLIER_NOT_FOUND'));

    const blocked = await reportMember(test, company.supplierId, ['roleAdmin']);
    await blockMember(test, blocked.userId, company.supplierId);
    expect(await statuses(blocked.token, company.supplierId)).toEqual(all('403 MEMBERSHIP_BLOCKED'));
  });

  it('needs a signed-in person', async () => {
    for (const path of Object.values(READS)) {
      const response = await test.call('GET', path(company.supplierId));
      expect(response.status, path('')).toBe(401);
    }
  });
});

describe('tenant isolation', () => {
  it("shows a member of two companies each company's own rows and nothing of a company they are not in", async () => {
    const other = await reportSetup(test, 'KZ');
    const theirs = await other.certificate({ at: '2026-11-05T10:00:00Z', number: 'TENANT0001', orderNumber: 'tenant-1' });
    await addRedemption(test, theirs, { at: '2026-11-06T10:00:00Z', amount: 2_000, userId: other.admin.userId });

    // The first company's admin asks for the other's figures: not found, whatever the call.
    expect(await statuses(company.admin.token, other.supplierId)).toEqual(
      Object.fromEntries(Object.keys(READS).map((name) => [name, '404 SUPPLIER_NOT_FOUND'])),
    );
    const own = analyticsAs(test, company.admin.token, company.supplierId);
    for (const search of [undefined, 'tenant', 'TENANT0001']) {
      const sales = (await own.sales({ search })).body.data;
      expect(sales.items.map((row: { certificate: string }) => row.certificate)).not.toContain('TENANT0001');
      const ledger = (await own.redemption({ search })).body.data;
      expect(ledger.items.map((row: { certificateNumber: string }) => row.certificateNumber)).not.toContain('TENANT0001');
    }
    expect((await own.redemptionSummary({})).body.data.totals).toEqual({ count: 1, successful: 1, failed: 0, redeemed: 1_000 });
    expect((await own.liability()).body.data).toMatchObject({ count: 1, outstanding: 99_000 });

    // Someone in both sees each company's rows under its own id, in its own currency.
    await addMembership(test, company.admin.userId, other.supplierId, ['roleAccountant']);
    const both = analyticsAs(test, company.admin.token, other.supplierId);
    const theirSales = (await both.sales({})).body.data;
    expect(theirSales.items.map((row: { certificate: string; currency: string }) => [row.certificate, row.currency])).toEqual([
      ['TENANT0001', 'KZT'],
    ]);
    expect((await both.redemptionSummary({})).body.data).toMatchObject({
      currency: 'KZT',
      totals: { count: 1, redeemed: 2_000 },
      period: { timeZone: 'Asia/Almaty' },
    });
  });
});

describe('input', () => {
  it('refuses half a range, a reversed one and an impossible date on its field', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-11-01', 'to', 'DATE_REQUIRED'],
      ['from=2026-11-02&to=2026-11-01', 'to', 'DATE_RANGE_INVALID'],
      ['from=2020-01-01&to=2026-11-01', 'to', 'DATE_RANGE_TOO_LONG'],
      ['from=2026-02-30&to=2026-03-01', 'from', 'DATE_INVALID'],
      ['period=decade', 'period', 'UNKNOWN_VALUE'],
      ['sort=balance', 'sort', 'UNKNOWN_VALUE'],
    ];
    for (const [params, field, code] of cases) {
      const response = await test.call('GET', `${ANALYTICS}/redemption?${query(company.supplierId)}&${params}`, {
        token: company.admin.token,
      });
      expect(response.status, params).toBe(422);
      expect(response.body.error.fields?.[field], params).toBe(code);
    }
  });
});
