import { REPORT_SCHEDULES_MAX, SCHEDULE_RECIPIENTS_MAX, type ReportScheduleView } from '@contract/report-schedules';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { auditLog, mailAttachments, mailOutbox, memberships, reportRuns, reportSchedules } from '../../server/db/schema';
import type { Deps } from '../../server/deps';
import { XLSX_TYPE } from '../../server/modules/analytics/xlsx';
import { runDueReports, startReportRunner } from '../../server/modules/report-schedules';
import { addRedemption, ANALYTICS, reportMember, reportSetup, setClock } from './support/analytics';
import type { TestApp } from './support/app';
import { createAuthTestApp } from './support/auth';
import { parseXlsx } from './support/xlsx';

/**
 * Scheduled reports (issue 33 item 4, decision 098): made, listed, paused and deleted by admins and accountants; each
 * due period mailed once as the report's XLSX, whatever the runners ticking on the database, and neither resent nor
 * skipped across a restart.
 */

const SCHEDULES = `${ANALYTICS}/schedules`;

let test: TestApp;
/** A second runner's own connections to the same database (PostgreSQL); on PGlite the one database is shared. */
let second: Database | undefined;
let otherRunner: Deps;

beforeAll(async () => {
  test = await createAuthTestApp();
  setClock(test, '2026-11-21T10:00:00Z');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { rows } = (await test.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(adminUrl);
    url.pathname = `/${rows[0]!.name}`;
    second = await openDatabase({ url: url.toString(), poolSize: 4 });
  }
  otherRunner = { ...test.deps, db: second?.db ?? test.deps.db };
});
afterAll(async () => {
  await second?.close();
  await test.close();
});

/** Every mail to an address, oldest first, with its files. */
async function mailsTo(to: string) {
  const mails = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
  const files = mails.length
    ? await test.database.db
        .select()
        .from(mailAttachments)
        .where(
          inArray(
            mailAttachments.mailId,
            mails.map((mail) => mail.id),
          ),
        )
    : [];
  return mails.map((mail) => ({ ...mail, files: files.filter((file) => file.mailId === mail.id) }));
}

const runsOf = (scheduleId: string) =>
  test.database.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, scheduleId)).orderBy(asc(reportRuns.periodFrom));

const auditOf = (scheduleId: string) =>
  test.database.db
    .select({ action: auditLog.action, userId: auditLog.userId, details: auditLog.details })
    .from(auditLog)
    .where(sql`${auditLog.details}->>'scheduleId' = ${scheduleId}`)
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

/** A fresh token at the clock's present (an access token lives minutes by the test's clock). */
const tokenOf = async (email: string) => (await test.login(email)).accessToken;

const create = (token: string, body: Record<string, unknown>) => test.call('POST', `${SCHEDULES}/create`, { token, body });
const list = (token: string, supplierId: string) => test.call('GET', `${SCHEDULES}/list?supplierId=${supplierId}`, { token });
const setStatus = (token: string, body: Record<string, unknown>) => test.call('POST', `${SCHEDULES}/status`, { token, body });
const remove = (token: string, body: Record<string, unknown>) => test.call('POST', `${SCHEDULES}/delete`, { token, body });

/** A Moscow company (UTC+3) with sales on both sides of the week of 16–22 November and of the month's ends. */
async function company() {
  const setup = await reportSetup(test, 'RU');
  const accountant = await reportMember(test, setup.supplierId, ['roleAccountant']);
  const redeemer = await reportMember(test, setup.supplierId, ['roleRedeemer']);
  const sale = (at: string, orderNumber: string) => setup.certificate({ at, orderNumber, denomination: 10_000 });
  // Sunday 15 November 23:59 in Moscow: the week before.
  await sale('2026-11-15T20:59:00Z', 'W-before');
  // Monday 16 November 00:00 in Moscow: the week's first minute.
  const first = await sale('2026-11-15T21:00:00Z', 'W-first');
  await sale('2026-11-19T09:00:00Z', 'W-middle');
  // Sunday 22 November 23:59 in Moscow: the week's last minute.
  await sale('2026-11-22T20:59:00Z', 'W-last');
  await addRedemption(test, first, { at: '2026-11-20T09:00:00Z', amount: 2_500, userId: redeemer.userId });
  return { ...setup, accountant, redeemer };
}

let shop: Awaited<ReturnType<typeof company>>;
beforeAll(async () => {
  shop = await company();
});

describe('making, listing, pausing and deleting schedules', () => {
  it('makes a weekly schedule in the person’s language whose first mail is next Monday, audited, listed', async () => {
    const response = await create(shop.accountant.token, {
      supplierId: shop.supplierId,
      report: 'sales',
      frequency: 'weekly',
      recipients: [' Books@Example.test ', 'books@example.test', 'boss@example.test'],
    });
    expect(response.status, response.text).toBe(200);
    const view = response.body.data as ReportScheduleView;
    expect(view).toMatchObject({
      report: 'sales',
      frequency: 'weekly',
      // Normalised, each once.
      recipients: ['books@example.test', 'boss@example.test'],
      language: 'en',
      status: 'active',
      // Saturday 21 November: the week under way is the first one sent, on Monday 23.
      nextRun: '2026-11-23',
      lastRun: null,
      createdBy: 'Rita Reportova',
    });
    const listed = await list(shop.admin.token, shop.supplierId);
    expect(listed.body.data).toEqual([view]);
    expect(await auditOf(view.id)).toEqual([expect.objectContaining({ action: 'reportSchedule.created', userId: shop.accountant.userId })]);
    await remove(shop.admin.token, { supplierId: shop.supplierId, scheduleId: view.id });
  });

  it('refuses bad input field by field, with the catalogue’s codes', async () => {
    const base = { supplierId: shop.supplierId, report: 'sales', frequency: 'weekly', recipients: ['a@example.test'] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ report: 'stock' }, 'report', 'UNKNOWN_VALUE'],
      [{ frequency: 'daily' }, 'frequency', 'UNKNOWN_VALUE'],
      [{ recipients: [] }, 'recipients', 'REQUIRED'],
      [{ recipients: 'a@example.test' }, 'recipients', 'WRONG_TYPE'],
      [{ recipients: ['not an address'] }, 'recipients.0', 'EMAIL_INVALID'],
      [
        { recipients: Array.from({ length: SCHEDULE_RECIPIENTS_MAX + 1 }, (_, index) => `r${index}@example.test`) },
        'recipients',
        'TOO_MANY',
      ],
      [{ language: 'de' }, 'language', 'UNKNOWN_VALUE'],
      [{ supplierId: 'nope' }, 'supplierId', 'SUPPLIER_NOT_FOUND'],
    ];
    for (const [change, field, code] of cases) {
      const response = await create(shop.admin.token, { ...base, ...change });
      expect([response.status, response.body.error.code, response.body.error.fields?.[field]], JSON.stringify(change)).toEqual([
        422,
        'VALIDATION_ERROR',
        code,
      ]);
    }
    const noStatus = await setStatus(shop.admin.token, { supplierId: shop.supplierId, scheduleId: 'x', status: 'stopped' });
    expect(noStatus.body.error.fields).toEqual({ scheduleId: 'ITEM_NOT_FOUND', status: 'UNKNOWN_VALUE' });
    expect(await list(shop.admin.token, shop.supplierId)).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('lets only admins and accountants of the company at them: a redeemer 403, another company’s admin 404', async () => {
    const made = await create(shop.admin.token, {
      supplierId: shop.supplierId,
      report: 'redemption',
      frequency: 'monthly',
      recipients: ['x@example.test'],
    });
    const scheduleId = made.body.data.id as string;
    const redeemer = shop.redeemer.token;
    for (const response of [
      await list(redeemer, shop.supplierId),
      await create(redeemer, { supplierId: shop.supplierId, report: 'redemption', frequency: 'weekly', recipients: ['x@example.test'] }),
      await setStatus(redeemer, { supplierId: shop.supplierId, scheduleId, status: 'paused' }),
      await remove(redeemer, { supplierId: shop.supplierId, scheduleId }),
    ])
      expect([response.status, response.body.error.code]).toEqual([403, 'FORBIDDEN']);

    const other = await reportSetup(test, 'KZ');
    const theirs = other.admin.token;
    expect((await list(theirs, shop.supplierId)).status).toBe(404);
    // Their own company named, our schedule's id: no such schedule there.
    for (const response of [
      await setStatus(theirs, { supplierId: other.supplierId, scheduleId, status: 'paused' }),
      await remove(theirs, { supplierId: other.supplierId, scheduleId }),
    ])
      expect([response.status, response.body.error.code]).toEqual([404, 'ITEM_NOT_FOUND']);
    expect((await list(theirs, other.supplierId)).body.data).toEqual([]);
    expect((await list(shop.admin.token, shop.supplierId)).body.data).toEqual([
      expect.objectContaining({ id: scheduleId, status: 'active' }),
    ]);
    await remove(shop.admin.token, { supplierId: shop.supplierId, scheduleId });
  });

  it('pauses, resumes and deletes, each once and audited', async () => {
    const made = await create(shop.admin.token, {
      supplierId: shop.supplierId,
      report: 'liability',
      frequency: 'monthly',
      recipients: ['l@example.test'],
    });
    const scheduleId = made.body.data.id as string;
    const body = { supplierId: shop.supplierId, scheduleId };
    // A second between changes: the entries' order is their time's.
    test.clock.advance(1000);
    const paused = await setStatus(shop.admin.token, { ...body, status: 'paused' });
    expect(paused.body.data).toMatchObject({ status: 'paused', nextRun: null });
    // Twice at once, or a second click: one change, one entry.
    test.clock.advance(1000);
    await Promise.all([
      setStatus(shop.admin.token, { ...body, status: 'active' }),
      setStatus(shop.accountant.token, { ...body, status: 'active' }),
    ]);
    test.clock.advance(1000);
    expect((await list(shop.admin.token, shop.supplierId)).body.data[0]).toMatchObject({ status: 'active', nextRun: '2026-12-01' });
    expect((await remove(shop.accountant.token, body)).body).toEqual({ data: { deleted: true } });
    expect((await remove(shop.accountant.token, body)).status).toBe(404);
    expect((await auditOf(scheduleId)).map((entry) => entry.action)).toEqual([
      'reportSchedule.created',
      'reportSchedule.paused',
      'reportSchedule.resumed',
      'reportSchedule.deleted',
    ]);
  });

  it(`keeps a company at ${REPORT_SCHEDULES_MAX} schedules even when asked for more at once`, async () => {
    const crowd = await reportSetup(test, 'ES');
    const answers = await Promise.all(
      Array.from({ length: REPORT_SCHEDULES_MAX + 5 }, () =>
        create(crowd.admin.token, { supplierId: crowd.supplierId, report: 'sales', frequency: 'weekly', recipients: ['c@example.test'] }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(REPORT_SCHEDULES_MAX);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.error.code)).toEqual(
      Array(5).fill('REPORT_SCHEDULE_LIMIT'),
    );
    // Out of the runs' way below.
    await test.database.db.delete(reportSchedules).where(eq(reportSchedules.supplierId, crowd.supplierId));
  });
});

describe('running schedules', () => {
  let weekly: string;
  let monthly: string;
  let liability: string;
  let paused: string;

  it('sends nothing before a period the schedule has seen end', async () => {
    const made = async (body: Record<string, unknown>) =>
      (await create(shop.admin.token, { supplierId: shop.supplierId, recipients: ['week@example.test', 'boss@example.test'], ...body }))
        .body.data.id as string;
    weekly = await made({ report: 'sales', frequency: 'weekly', language: 'ru' });
    monthly = await made({ report: 'redemption', frequency: 'monthly', recipients: ['month@example.test'] });
    liability = await made({ report: 'liability', frequency: 'weekly', recipients: ['owed@example.test'] });
    paused = await made({ report: 'sales', frequency: 'weekly', recipients: ['paused@example.test'] });
    await setStatus(shop.admin.token, { supplierId: shop.supplierId, scheduleId: paused, status: 'paused' });
    expect(await runDueReports(test.deps)).toBe(0);
    expect(await mailsTo('week@example.test')).toEqual([]);
  });

  it('sends a due week once while two runners tick at once, with the previous week’s rows in the company’s zone', async () => {
    // Monday 23 November, 00:30 in Moscow.
    setClock(test, '2026-11-22T21:30:00Z');
    const handled = await Promise.all([
      runDueReports(test.deps),
      runDueReports(otherRunner),
      runDueReports(test.deps),
      runDueReports(otherRunner),
    ]);
    // The weekly sales and the weekly liability: each claimed by one runner only.
    expect(handled.reduce((sum, count) => sum + count, 0)).toBe(2);

    const week = await mailsTo('week@example.test');
    expect(week).toHaveLength(1);
    expect(await mailsTo('boss@example.test')).toHaveLength(1);
    expect(week[0]!.subject).toContain('Отчёт о продажах');
    expect(week[0]!.text).toContain('16.11.2026 – 22.11.2026');
    expect(week[0]!.files).toEqual([expect.objectContaining({ filename: 'sales-2026-11-16-2026-11-22.xlsx', contentType: XLSX_TYPE })]);
    const rows = await parseXlsx(week[0]!.files[0]!.content);
    expect(rows[0]?.[0]).toBe('Номер заказа');
    // Oldest first; the minutes just outside the week are not in it.
    expect(rows.slice(1).map((row) => row[0])).toEqual(['W-first', 'W-middle', 'W-last']);

    const owed = await mailsTo('owed@example.test');
    expect(owed).toHaveLength(1);
    // As of the run: the liability's balances are the present ones.
    expect(owed[0]!.files[0]!.filename).toBe('liability-2026-11-23.xlsx');
    const owedRows = await parseXlsx(owed[0]!.files[0]!.content);
    expect(owedRows.at(-1)?.slice(0, 3)).toEqual(['Total', 4, 375]);
    expect(await runsOf(liability)).toEqual([
      expect.objectContaining({ periodFrom: '2026-11-16', periodTo: '2026-11-22', status: 'sent' }),
    ]);

    expect(await mailsTo('paused@example.test')).toEqual([]);
    expect(await mailsTo('month@example.test')).toEqual([]);
    expect(await runsOf(weekly)).toEqual([
      expect.objectContaining({ periodFrom: '2026-11-16', periodTo: '2026-11-22', status: 'sent', rows: 3 }),
    ]);
    expect((await auditOf(weekly)).at(-1)).toMatchObject({
      action: 'reportSchedule.sent',
      userId: shop.admin.userId,
      details: { report: 'sales', from: '2026-11-16', to: '2026-11-22', rows: 3, recipient: ['week@example.test', 'boss@example.test'] },
    });
    const listed = (await list(await tokenOf(shop.admin.email), shop.supplierId)).body.data as ReportScheduleView[];
    expect(listed.find((item) => item.id === weekly)).toMatchObject({
      nextRun: '2026-11-30',
      lastRun: { from: '2026-11-16', to: '2026-11-22', status: 'sent', rows: 3 },
    });
    expect(listed.find((item) => item.id === paused)).toMatchObject({ nextRun: null, lastRun: null });
  });

  it('leaves a period due when the runner dies before its commit: the next tick sends it, once', async () => {
    // 1 December, 00:10 in Moscow: November is due for the monthly redemption report.
    setClock(test, '2026-11-30T21:10:00Z');
    const crashing: Deps = {
      ...test.deps,
      db: new Proxy(test.deps.db, {
        get(target, key, receiver) {
          if (key !== 'transaction') return Reflect.get(target, key, receiver);
          return (work: (tx: unknown) => Promise<unknown>) =>
            target.transaction(async (tx) => {
              await work(tx);
              throw new Error('the process died before the commit');
            });
        },
      }),
    };
    expect(await runDueReports(crashing)).toBe(0);
    expect(await runsOf(monthly)).toEqual([]);
    expect(await mailsTo('month@example.test')).toEqual([]);

    expect(await runDueReports(otherRunner)).toBe(3);
    const month = await mailsTo('month@example.test');
    expect(month).toHaveLength(1);
    expect(month[0]!.files[0]!.filename).toBe('redemption-2026-11-01-2026-11-30.xlsx');
    const rows = await parseXlsx(month[0]!.files[0]!.content);
    expect(rows.slice(1).map((row) => row[4])).toEqual([25]);
    // The weekly sales' and liability's week 23–29 went in the same tick.
    expect((await runsOf(weekly)).map((run) => run.periodFrom)).toEqual(['2026-11-16', '2026-11-23']);
    expect((await runsOf(liability)).map((run) => run.periodFrom)).toEqual(['2026-11-16', '2026-11-23']);
  });

  it('sends a period missed while the server was down at its start, only the latest, and a restart resends nothing', async () => {
    // Down from 1 December to Wednesday 16 December: two weeks and a bit missed.
    setClock(test, '2026-12-16T07:00:00Z');
    const first = startReportRunner(test.deps, 3_600_000);
    await first.stop();
    expect((await runsOf(weekly)).map((run) => run.periodFrom)).toEqual(['2026-11-16', '2026-11-23', '2026-12-07']);
    expect(await runsOf(monthly)).toHaveLength(1);
    const again = startReportRunner(otherRunner, 3_600_000);
    await again.stop();
    expect(await runsOf(weekly)).toHaveLength(3);
    expect(await mailsTo('week@example.test')).toHaveLength(3);
    expect(await mailsTo('month@example.test')).toHaveLength(1);
  });

  it('does not send while paused, nor the period that ended while paused once resumed', async () => {
    expect(await runsOf(paused)).toEqual([]);
    const token = await tokenOf(shop.admin.email);
    const resumed = await setStatus(token, { supplierId: shop.supplierId, scheduleId: paused, status: 'active' });
    expect(resumed.body.data).toMatchObject({ status: 'active', nextRun: '2026-12-21' });
    expect(await runDueReports(test.deps)).toBe(0);
    // Monday 21 December, the week resumed in is due.
    setClock(test, '2026-12-21T06:00:00Z');
    await runDueReports(test.deps);
    expect((await runsOf(paused)).map((run) => run.periodFrom)).toEqual(['2026-12-14']);
    expect(await mailsTo('paused@example.test')).toHaveLength(1);
  });

  it('sends nothing, visibly, once its maker may no longer read the report', async () => {
    const maker = await reportMember(test, shop.supplierId, ['roleAccountant']);
    const made = await create(maker.token, {
      supplierId: shop.supplierId,
      report: 'sales',
      frequency: 'weekly',
      recipients: ['gone@example.test'],
    });
    const scheduleId = made.body.data.id as string;
    await test.database.db
      .delete(memberships)
      .where(and(eq(memberships.userId, maker.userId), eq(memberships.supplierId, shop.supplierId)));
    setClock(test, '2026-12-28T06:00:00Z');
    await runDueReports(test.deps);
    expect(await mailsTo('gone@example.test')).toEqual([]);
    expect(await runsOf(scheduleId)).toEqual([expect.objectContaining({ periodFrom: '2026-12-21', status: 'refused' })]);
    expect((await auditOf(scheduleId)).at(-1)).toMatchObject({ action: 'reportSchedule.notSent', details: { status: 'refused' } });
    const listed = (await list(await tokenOf(shop.admin.email), shop.supplierId)).body.data as ReportScheduleView[];
    expect(listed.find((item) => item.id === scheduleId)?.lastRun).toMatchObject({ status: 'refused' });
  });
});
