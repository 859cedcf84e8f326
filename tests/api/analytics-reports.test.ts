import { datesOf, REDEMPTION_SORTS } from '@contract/analytics';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../../server/db/schema';
import { companyOf } from '../../server/modules/analytics/access';
import { countRedemptions, redemptionExportBatches } from '../../server/modules/analytics/redemption';
import { countSales, salesExportBatches } from '../../server/modules/analytics/sales';
import { addRedemption, reportProduct, reportSetup, setClock } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';

/**
 * The sales and redemption reports (decision 056): which rows a period holds in the company's time zone, totals that
 * match the ledger, search, sorting and paging, and nothing of another company.
 */

let test: TestApp;
beforeAll(async () => {
  test = await createAuthTestApp();
  setClock(test, '2026-11-21T10:00:00Z');
});
afterAll(() => test.close());

const numbersOf = (response: { body: { data: { items: { certificate: string }[] } } }) =>
  response.body.data.items.map((item) => item.certificate);

describe('period boundaries', () => {
  it('counts days in Moscow (UTC+3): 23:59:59 is the day before, 00:00:00 the next; a range includes both ends', async () => {
    const { api, certificate } = await reportSetup(test, 'RU');
    const late = await certificate({ at: '2026-11-09T20:59:59Z', denomination: 1_000 });
    const midnight = await certificate({ at: '2026-11-09T21:00:00Z', denomination: 2_000 });
    const outside = await certificate({ at: '2026-11-11T21:00:00Z', denomination: 4_000 });

    expect(numbersOf(await api.sales({ from: '2026-11-09', to: '2026-11-09' }))).toEqual([late.number]);
    expect(numbersOf(await api.sales({ from: '2026-11-10', to: '2026-11-10' }))).toEqual([midnight.number]);
    const both = await api.sales({ from: '2026-11-09', to: '2026-11-11', sort: 'date', order: 'asc' });
    expect(numbersOf(both)).toEqual([late.number, midnight.number]);
    expect(both.body.data.period).toEqual({ from: '2026-11-09', to: '2026-11-11', timeZone: 'Europe/Moscow' });
    expect(numbersOf(await api.sales({ from: '2026-11-12', to: '2026-11-12' }))).toEqual([outside.number]);

    const summary = (await api.salesSummary({ from: '2026-11-09', to: '2026-11-11' })).body.data;
    expect(summary.series).toEqual([
      { date: '2026-11-09', issued: 1_000, redeemed: 0 },
      { date: '2026-11-10', issued: 2_000, redeemed: 0 },
      { date: '2026-11-11', issued: 0, redeemed: 0 },
    ]);
    expect(summary.totals).toMatchObject({ count: 2, issued: 3_000 });
    expect(summary.currency).toBe('RUB');
  });

  it('counts days in Madrid across the autumn DST change (a 25-hour day) and the spring one (23 hours)', async () => {
    const { api, certificate, admin } = await reportSetup(test, 'ES');
    // 25 October 2026: 00:00 CEST is 22:00Z the day before; 26 October 00:00 CET is 23:00Z.
    const before = await certificate({ at: '2026-10-24T21:59:59Z' });
    const first = await certificate({ at: '2026-10-24T22:00:00Z' });
    const last = await certificate({ at: '2026-10-25T22:59:59Z' });
    const after = await certificate({ at: '2026-10-25T23:00:00Z' });
    await addRedemption(test, first, { at: '2026-10-25T22:30:00Z', amount: 500, userId: admin.userId });
    await addRedemption(test, first, { at: '2026-10-25T23:00:00Z', amount: 700, userId: admin.userId });

    const day = await api.sales({ from: '2026-10-25', to: '2026-10-25', sort: 'date', order: 'asc' });
    expect(numbersOf(day)).toEqual([first.number, last.number]);
    expect(numbersOf(await api.sales({ from: '2026-10-24', to: '2026-10-24' }))).toEqual([before.number]);
    expect(numbersOf(await api.sales({ from: '2026-10-26', to: '2026-10-26' }))).toEqual([after.number]);
    const series = (await api.salesSummary({ from: '2026-10-25', to: '2026-10-26' })).body.data.series;
    expect(series).toEqual([
      { date: '2026-10-25', issued: 200_000, redeemed: 500 },
      { date: '2026-10-26', issued: 100_000, redeemed: 700 },
    ]);
    const redemptionSeries = (await api.redemptionSummary({ from: '2026-10-25', to: '2026-10-26' })).body.data.series;
    expect(redemptionSeries).toEqual([
      { date: '2026-10-25', redeemed: 500, count: 1 },
      { date: '2026-10-26', redeemed: 700, count: 1 },
    ]);

    // 29 March 2026: 00:00 CET is 23:00Z the day before; 30 March 00:00 CEST is 22:00Z.
    const springFirst = await certificate({ at: '2026-03-28T23:00:00Z' });
    const springLast = await certificate({ at: '2026-03-29T21:59:59Z' });
    await certificate({ at: '2026-03-28T22:59:59Z' });
    await certificate({ at: '2026-03-29T22:00:00Z' });
    const spring = await api.sales({ from: '2026-03-29', to: '2026-03-29', sort: 'date', order: 'asc' });
    expect(numbersOf(spring)).toEqual([springFirst.number, springLast.number]);
  });

  it('resolves week (from Monday) and month presets by the server clock in the company zone', async () => {
    // Monday 23 November 2026, 00:30 in Moscow: still Sunday in UTC.
    setClock(test, '2026-11-22T21:30:00Z');
    const { api, certificate } = await reportSetup(test, 'RU');
    const sunday = await certificate({ at: '2026-11-22T20:59:59Z' });
    const monday = await certificate({ at: '2026-11-22T21:00:00Z' });
    const week = await api.sales({ period: 'week' });
    expect(week.body.data.period).toEqual({ from: '2026-11-23', to: '2026-11-23', timeZone: 'Europe/Moscow' });
    expect(numbersOf(week)).toEqual([monday.number]);
    expect(numbersOf(await api.sales({ period: 'today' }))).toEqual([monday.number]);
    const month = await api.sales({ period: 'month', sort: 'date', order: 'asc' });
    expect(month.body.data.period).toMatchObject({ from: '2026-11-01', to: '2026-11-23' });
    expect(numbersOf(month)).toEqual([sunday.number, monday.number]);
    // No period at all is the month.
    expect((await api.sales({})).body.data.period).toMatchObject({ from: '2026-11-01', to: '2026-11-23' });

    // 1 December 00:10 in Moscow: the month is one day; the last second of November is not in it.
    setClock(test, '2026-11-30T21:10:00Z');
    const next = await reportSetup(test, 'RU');
    await next.certificate({ at: '2026-11-30T20:59:59Z' });
    const december = await next.certificate({ at: '2026-11-30T21:00:00Z' });
    const firstDay = await next.api.sales({ period: 'month' });
    expect(firstDay.body.data.period).toMatchObject({ from: '2026-12-01', to: '2026-12-01' });
    expect(numbersOf(firstDay)).toEqual([december.number]);
    const year = await next.api.salesSummary({ period: 'year' });
    expect(year.body.data.period).toMatchObject({ from: '2026-01-01', to: '2026-12-01' });
    expect(year.body.data.series).toHaveLength(335);
    expect(year.body.data.totals.count).toBe(2);
    setClock(test, '2026-11-21T10:00:00Z');
  });
});

describe('totals', () => {
  it('equal the ledger: redeemed is what successful entries spent; outstanding leaves out expired certificates', async () => {
    const { api, certificate, admin } = await reportSetup(test, 'KZ');
    const full = await certificate({ at: '2026-11-02T06:00:00Z', denomination: 50_000 });
    const partly = await certificate({ at: '2026-11-03T06:00:00Z', denomination: 30_000 });
    const spent = await certificate({ at: '2026-11-04T06:00:00Z', denomination: 10_000 });
    const expired = await certificate({ at: '2026-11-05T06:00:00Z', denomination: 20_000, validUntil: '2026-11-20T00:00:00Z' });
    const blocked = await certificate({ at: '2026-11-06T06:00:00Z', denomination: 40_000, status: 'blocked' });
    const old = await certificate({ at: '2026-10-01T06:00:00Z', denomination: 70_000 });
    const by = { userId: admin.userId };
    await addRedemption(test, partly, { ...by, at: '2026-11-10T06:00:00Z', amount: 12_000 });
    await addRedemption(test, partly, { ...by, at: '2026-11-11T06:00:00Z', amount: 3_000 });
    await addRedemption(test, partly, { ...by, at: '2026-11-11T07:00:00Z', amount: 99_000, status: 'error' });
    await addRedemption(test, spent, { ...by, at: '2026-11-12T06:00:00Z', amount: 10_000 });
    await addRedemption(test, expired, { ...by, at: '2026-11-13T06:00:00Z', amount: 5_000 });
    // The old certificate was bought before the period: its redemption is in the ledger of the period, not in its sales.
    await addRedemption(test, old, { ...by, at: '2026-11-14T06:00:00Z', amount: 1_000 });
    const filter = { from: '2026-11-01', to: '2026-11-20' };

    const sales = (await api.salesSummary(filter)).body.data;
    expect(sales.currency).toBe('KZT');
    expect(sales.totals).toEqual({
      count: 5,
      issued: 150_000,
      redeemed: 12_000 + 3_000 + 10_000 + 5_000,
      outstanding: 50_000 + 15_000 + 0 + 40_000,
    });
    expect(sales.series).toHaveLength(20);
    expect(sales.series.map((day: { date: string }) => day.date)).toEqual(datesOf(filter));
    expect(sales.series.reduce((sum: number, day: { issued: number }) => sum + day.issued, 0)).toBe(150_000);
    // The chart's redeemed is the ledger's days, the old certificate's entry included.
    expect(sales.series.reduce((sum: number, day: { redeemed: number }) => sum + day.redeemed, 0)).toBe(31_000);
    expect(sales.series.find((day: { date: string }) => day.date === '2026-11-11')).toEqual({
      date: '2026-11-11',
      issued: 0,
      redeemed: 3_000,
    });

    const page = (await api.sales({ ...filter, sort: 'date', order: 'asc' })).body.data;
    expect(page.total).toBe(5);
    expect(page.items.map((row: { used: number }) => row.used)).toEqual([0, 15_000, 10_000, 5_000, 0]);
    expect(page.items[0]).toEqual({
      certificateId: full.id,
      orderNumber: full.orderNumber,
      date: '2026-11-02T06:00:00.000Z',
      channel: 'marketplace',
      certificate: full.number,
      product: 'Gift card',
      denomination: 50_000,
      balance: 50_000,
      expiry: full.validUntil.toISOString(),
      used: 0,
      expired: false,
      blocked: false,
      parameter: null,
      currency: 'KZT',
    });
    expect(page.items[3]).toMatchObject({ certificateId: expired.id, expired: true, balance: 15_000 });
    expect(page.items[4]).toMatchObject({ certificateId: blocked.id, blocked: true, expired: false });

    const ledger = (await api.redemptionSummary(filter)).body.data;
    expect(ledger.totals).toEqual({ count: 6, successful: 5, failed: 1, redeemed: 31_000 });
    expect(ledger.series.reduce((sum: number, day: { redeemed: number }) => sum + day.redeemed, 0)).toBe(31_000);
    expect(ledger.series.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(5);
    expect(ledger.series.find((day: { date: string }) => day.date === '2026-11-11')).toEqual({
      date: '2026-11-11',
      redeemed: 3_000,
      count: 1,
    });

    const entries = (await api.redemption({ ...filter, sort: 'sum', order: 'desc' })).body.data;
    expect(entries.total).toBe(6);
    expect(entries.items[0]).toMatchObject({
      certificateId: partly.id,
      certificateNumber: partly.number,
      orderNumber: partly.orderNumber,
      sum: 99_000,
      status: 'error',
      errorCode: 'INSUFFICIENT_BALANCE',
      currency: 'KZT',
      user: admin.email,
      date: '2026-11-11T07:00:00.000Z',
    });
    expect(entries.items.map((row: { sum: number }) => row.sum)).toEqual([99_000, 12_000, 10_000, 5_000, 3_000, 1_000]);

    // A search narrows the totals and the chart to the matching certificates.
    const searched = (await api.salesSummary({ ...filter, search: partly.number.toLowerCase() })).body.data;
    expect(searched.totals).toEqual({ count: 1, issued: 30_000, redeemed: 15_000, outstanding: 15_000 });
    expect(searched.series.reduce((sum: number, day: { redeemed: number }) => sum + day.redeemed, 0)).toBe(15_000);
    const searchedLedger = (await api.redemptionSummary({ ...filter, search: partly.orderNumber.toUpperCase() })).body.data;
    expect(searchedLedger.totals).toEqual({ count: 3, successful: 2, failed: 1, redeemed: 15_000 });
  });

  it('answer zeros and every empty day for a period with nothing', async () => {
    const { api } = await reportSetup(test, 'BY');
    const sales = (await api.salesSummary({ from: '2026-02-27', to: '2026-03-02' })).body.data;
    expect(sales).toEqual({
      period: { from: '2026-02-27', to: '2026-03-02', timeZone: 'Europe/Minsk' },
      currency: 'BYN',
      totals: { count: 0, issued: 0, redeemed: 0, outstanding: 0 },
      series: ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'].map((date) => ({ date, issued: 0, redeemed: 0 })),
    });
    const ledger = (await api.redemption({ from: '2026-02-27', to: '2026-03-02' })).body.data;
    expect(ledger).toMatchObject({ items: [], total: 0, page: 1, pageSize: 50 });
  });
});

describe('search', () => {
  it('matches the beginning of a certificate or order number in any case, literally, and nothing of another company', async () => {
    const { api, certificate } = await reportSetup(test, 'RU');
    const other = await reportSetup(test, 'RU');
    const at = '2026-11-15T10:00:00Z';
    const card = await certificate({ at, number: 'QX12345678', orderNumber: 'Shop-100' });
    const second = await certificate({ at, number: 'QX12999999', orderNumber: 'shop-200' });
    const wild = await certificate({ at, number: 'ZZ00000001', orderNumber: 'A_%1' });
    await certificate({ at, number: 'ZZ00000002', orderNumber: 'AB%1' });
    await certificate({ at, number: 'YQX1234567', orderNumber: 'xshop-1' });
    await other.certificate({ at, number: 'QX12000000', orderNumber: 'shop-300' });

    const found = async (search: string) => numbersOf(await api.sales({ search, sort: 'certificate', order: 'asc' }));
    expect(await found('qx12')).toEqual([card.number, second.number]);
    expect(await found('qx123')).toEqual([card.number]);
    expect(await found('SHOP-')).toEqual([card.number, second.number]);
    expect(await found('shop-2')).toEqual([second.number]);
    expect(await found('A_%')).toEqual([wild.number]);
    expect(await found('_')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('12345678')).toEqual([]);
    expect(await found('  qx123  ')).toEqual([card.number]);
    // Typed as the till takes it: spaces and dashes in a certificate number do not count.
    expect(await found('qx 12-34')).toEqual([card.number]);
    expect(await found('\u0000')).toHaveLength(5);
    // The other company's certificate shares the prefix and is never shown; its own admin sees it alone.
    expect(numbersOf(await other.api.sales({ search: 'qx12' }))).toEqual(['QX12000000']);
    expect((await other.api.redemption({ search: 'qx12' })).body.data.total).toBe(0);
  });
});

describe('sorting and paging', () => {
  it('pages through equal values in one stable order (id breaks ties) and sorts every column both ways', async () => {
    const { api, certificate, supplierId } = await reportSetup(test, 'RU');
    const secondProduct = await reportProduct(test, supplierId, 'Another card');
    const made = [];
    for (let index = 0; index < 9; index++)
      made.push(
        await certificate({
          at: `2026-11-1${index % 3}T10:00:00Z`,
          denomination: [5_000, 1_000, 5_000][index % 3],
          orderNumber: `order-${9 - index}`,
          productId: index === 4 ? secondProduct : undefined,
        }),
      );
    const filter = { from: '2026-11-01', to: '2026-11-21' };
    const all = async (params: Record<string, string | number>) => {
      const pages = [];
      for (let page = 1; page <= 4; page++) {
        const body = (await api.sales({ ...filter, ...params, page, pageSize: 3 })).body.data;
        expect(body).toMatchObject({ page, pageSize: 3, total: 9 });
        pages.push(...body.items.map((row: { certificateId: string }) => row.certificateId));
      }
      return pages;
    };
    const byDenomination = [...made].sort((a, b) => a.denomination - b.denomination || a.id.localeCompare(b.id));
    expect(await all({ sort: 'denomination', order: 'asc' })).toEqual(byDenomination.map((row) => row.id));
    expect(await all({ sort: 'denomination', order: 'desc' })).toEqual([...byDenomination].reverse().map((row) => row.id));
    const byOrder = [...made].sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
    expect(await all({ sort: 'orderNumber', order: 'asc' })).toEqual(byOrder.map((row) => row.id));
    const byDate = [...made].sort((a, b) => b.purchasedAt.getTime() - a.purchasedAt.getTime() || b.id.localeCompare(a.id));
    expect(await all({ sort: 'date', order: 'desc' })).toEqual(byDate.map((row) => row.id));
    const page2 = (await api.sales({ ...filter, sort: 'denomination', order: 'asc', page: 2, pageSize: 3 })).body.data;
    expect(page2.items.map((row: { certificateId: string }) => row.certificateId)).toEqual(byDenomination.slice(3, 6).map((row) => row.id));
    expect((await api.sales({ ...filter, page: 4, pageSize: 3 })).body.data.items).toEqual([]);
    expect((await api.sales({ ...filter, sort: 'denomination', order: 'asc', pageSize: 9 })).body.data.items[0].product).toBe(
      byDenomination[0]!.productId === secondProduct ? 'Another card' : 'Gift card',
    );
  });

  it('sorts the ledger by date, sum and status, id breaking ties, in pages', async () => {
    const { api, certificate, admin } = await reportSetup(test, 'RU');
    const cards = [
      await certificate({ at: '2026-11-02T10:00:00Z', orderNumber: 'b-1' }),
      await certificate({ at: '2026-11-02T10:00:00Z', orderNumber: 'a-1' }),
    ];
    type Entry = Awaited<ReturnType<typeof addRedemption>>;
    const made: Entry[] = [];
    for (let index = 0; index < 7; index++)
      made.push(
        await addRedemption(test, cards[index % 2]!, {
          at: '2026-11-05T10:00:00Z',
          amount: 100 * (index % 2 ? 2 : 1),
          userId: admin.userId,
          status: index === 3 ? 'error' : 'success',
        }),
      );
    const filter = { from: '2026-11-01', to: '2026-11-21' };
    const ids = async (sort: string, order: string) => {
      const rows = [];
      for (let page = 1; page <= 3; page++)
        rows.push(
          ...(await api.redemption({ ...filter, sort, order, page, pageSize: 3 })).body.data.items.map(
            (row: { transactionId: string }) => row.transactionId,
          ),
        );
      return rows;
    };
    const tie = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    const expectOrder = async (sort: string, compare: (a: Entry, b: Entry) => number) => {
      expect(await ids(sort, 'asc')).toEqual([...made].sort((a, b) => compare(a, b) || tie(a, b)).map((row) => row.transactionNumber));
      expect(await ids(sort, 'desc')).toEqual([...made].sort((a, b) => compare(b, a) || tie(b, a)).map((row) => row.transactionNumber));
    };
    await expectOrder('date', () => 0);
    await expectOrder('sum', (a, b) => a.amount - b.amount);
    await expectOrder('status', (a, b) => a.status.localeCompare(b.status));
    // The ledger has no order-number sort (decision 057): it is refused, not silently ignored.
    expect((await api.redemption({ ...filter, sort: 'orderNumber' })).status).toBe(422);
  });
});

describe('row batches (the export reads these)', () => {
  it('reads every row of the filter once, in the page order, never more than a batch at a time', async () => {
    const { supplierId, certificate, admin, api } = await reportSetup(test, 'RU');
    for (let index = 0; index < 7; index++) {
      const card = await certificate({ at: '2026-11-10T10:00:00.123Z', denomination: 1_000 * ((index % 3) + 1) });
      // Microseconds: a cursor must not lose them, or instants equal to the millisecond would be skipped or repeated.
      await test.database.db
        .update(certificates)
        .set({ purchasedAt: sql`${certificates.purchasedAt} + make_interval(secs => ${index % 2} / 1000000.0)` })
        .where(eq(certificates.id, card.id));
      await addRedemption(test, card, { at: '2026-11-12T10:00:00.000001Z', amount: 100, userId: admin.userId });
    }
    const company = await companyOf(test.deps, supplierId, ['roleAdmin']);
    const range = { from: '2026-11-01', to: '2026-11-30' };
    const period = { ...range, timeZone: company.timeZone };
    const collect = async <T>(batches: AsyncGenerator<T[]>) => {
      const sizes: number[] = [];
      const rows: T[] = [];
      for await (const batch of batches) {
        sizes.push(batch.length);
        rows.push(...batch);
      }
      return { sizes, rows };
    };
    for (const order of ['asc', 'desc'] as const) {
      for (const sort of ['date', 'denomination', 'certificate', 'expiry'] as const) {
        const { sizes, rows } = await collect(salesExportBatches(test.deps, company, { supplierId, sort, order }, period, 3));
        expect(sizes).toEqual([3, 3, 1]);
        const page = (await api.sales({ ...range, sort, order, pageSize: 10 })).body.data.items;
        // An export row: cursor, id, then the file's columns.
        expect(rows.map((row) => row[1])).toEqual(page.map((item: { certificateId: string }) => item.certificateId));
      }
      for (const sort of REDEMPTION_SORTS) {
        const { sizes, rows } = await collect(redemptionExportBatches(test.deps, company, { supplierId, sort, order }, period, 2));
        expect(sizes).toEqual([2, 2, 2, 1]);
        const page = (await api.redemption({ ...range, sort, order, pageSize: 10 })).body.data.items;
        expect(rows.map((row) => row[2])).toEqual(page.map((item: { transactionId: string }) => item.transactionId));
      }
    }
    const sixOfThem = await collect(salesExportBatches(test.deps, company, { supplierId, sort: 'date', order: 'asc' }, period, 7));
    expect(sixOfThem.sizes).toEqual([7]);
    expect(await countSales(test.deps, company, { supplierId, order: 'desc' }, period)).toBe(7);
    expect(await countRedemptions(test.deps, company, { supplierId, order: 'desc' }, period)).toBe(7);
    expect(await countRedemptions(test.deps, company, { supplierId, order: 'desc', search: 'nothing' }, period)).toBe(0);
  });
});
