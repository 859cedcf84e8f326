import { rolesAllow } from '@contract/access';
import { COUNTRY_TIME_ZONE, localDate } from '@contract/analytics';
import { nextPeriodStart, REPORT_SCHEDULES_MAX, type ReportScheduleView } from '@contract/report-schedules';
import type {
  createReportScheduleBody,
  reportScheduleBody,
  reportScheduleListQuery,
  reportScheduleStatusBody,
} from '@contract/schemas/report-schedules';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import { reportRuns, reportSchedules, suppliers, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { readerOf, REPORT_CAPABILITY } from '../analytics';
import { duePeriod } from './runner';

type Out<T extends v.GenericSchema> = v.InferOutput<T>;

/**
 * A company's scheduled reports (decision 098). Managing them takes `readLiability` — the capability of those who read
 * the company's money as a whole, admins and accountants — and making one also the report's own capability, the one
 * its e-mail call takes: a schedule mails what its maker may mail today.
 */
const CAN = 'readLiability';

const scheduleColumns = {
  id: reportSchedules.id,
  report: reportSchedules.report,
  frequency: reportSchedules.frequency,
  recipients: reportSchedules.recipients,
  language: reportSchedules.language,
  status: reportSchedules.status,
  activeFrom: reportSchedules.activeFrom,
  createdAt: reportSchedules.createdAt,
  firstName: users.firstName,
  secondName: users.secondName,
};

/** The company's schedules, oldest first, each with its next mail's day and its latest period's fate. */
export async function listSchedules(
  deps: Deps,
  auth: AuthContext,
  query: Out<typeof reportScheduleListQuery>,
): Promise<ReportScheduleView[]> {
  await requireMembership(deps, auth.userId, query.supplierId, CAN);
  return schedulesOf(deps, query.supplierId);
}

async function schedulesOf(deps: Deps, supplierId: string, only?: string): Promise<ReportScheduleView[]> {
  const [company] = await deps.db.select({ country: suppliers.country }).from(suppliers).where(eq(suppliers.id, supplierId));
  if (!company) return fail('SUPPLIER_NOT_FOUND');
  const timeZone = COUNTRY_TIME_ZONE[company.country];
  const rows = await deps.db
    .select(scheduleColumns)
    .from(reportSchedules)
    .leftJoin(users, eq(users.id, reportSchedules.createdBy))
    .where(and(eq(reportSchedules.supplierId, supplierId), only ? eq(reportSchedules.id, only) : undefined))
    .orderBy(reportSchedules.createdAt, reportSchedules.id);
  const latest = rows.length
    ? await deps.db
        .selectDistinctOn([reportRuns.scheduleId])
        .from(reportRuns)
        .where(
          inArray(
            reportRuns.scheduleId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(reportRuns.scheduleId, desc(reportRuns.periodFrom))
    : [];
  const now = deps.now();
  const today = localDate(now, timeZone);
  return rows.map((row) => {
    const last = latest.find((run) => run.scheduleId === row.id);
    const due = duePeriod(row, now, timeZone);
    const dueNow = due !== null && due.from !== last?.periodFrom;
    return {
      id: row.id,
      report: row.report,
      frequency: row.frequency,
      recipients: row.recipients,
      language: row.language,
      status: row.status,
      nextRun: row.status === 'paused' ? null : dueNow ? today : nextPeriodStart(row.frequency, today),
      lastRun: last
        ? { from: last.periodFrom, to: last.periodTo, at: last.createdAt.toISOString(), status: last.status, rows: last.rows }
        : null,
      createdBy: row.firstName === null ? null : `${row.firstName} ${row.secondName ?? ''}`.trim(),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

async function scheduleOf(deps: Deps, supplierId: string, scheduleId: string): Promise<ReportScheduleView> {
  const [view] = await schedulesOf(deps, supplierId, scheduleId);
  return view ?? fail('ITEM_NOT_FOUND');
}

/**
 * Makes a schedule, at most REPORT_SCHEDULES_MAX a company: counted under the company row's lock, so two people adding
 * at once cannot pass the cap. Its first mail is for the first period that ends after now.
 */
export async function createSchedule(
  deps: Deps,
  auth: AuthContext,
  body: Out<typeof createReportScheduleBody>,
): Promise<ReportScheduleView> {
  const roles = await requireMembership(deps, auth.userId, body.supplierId, CAN);
  if (!rolesAllow(roles, REPORT_CAPABILITY[body.report])) fail('FORBIDDEN');
  const language = body.language ?? (await readerOf(deps, auth)).language;
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, body.supplierId)).for('no key update');
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(reportSchedules)
      .where(eq(reportSchedules.supplierId, body.supplierId));
    if (total >= REPORT_SCHEDULES_MAX) fail('REPORT_SCHEDULE_LIMIT');
    const [created] = await tx
      .insert(reportSchedules)
      .values({
        supplierId: body.supplierId,
        report: body.report,
        frequency: body.frequency,
        recipients: body.recipients,
        language,
        activeFrom: now,
        createdBy: auth.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: reportSchedules.id });
    await audit(
      tx,
      {
        action: 'reportSchedule.created',
        userId: auth.userId,
        supplierId: body.supplierId,
        details: { scheduleId: created!.id, report: body.report, frequency: body.frequency, recipient: body.recipients, language },
      },
      now,
    );
    return created!.id;
  });
  return scheduleOf(deps, body.supplierId, id);
}

/**
 * Pauses or resumes a schedule. Resuming starts afresh: a period that ended while it was paused is not sent (the
 * next one is), as a new schedule's would not be.
 */
export async function setScheduleStatus(
  deps: Deps,
  auth: AuthContext,
  body: Out<typeof reportScheduleStatusBody>,
): Promise<ReportScheduleView> {
  await requireMembership(deps, auth.userId, body.supplierId, CAN);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const where = and(eq(reportSchedules.id, body.scheduleId), eq(reportSchedules.supplierId, body.supplierId));
    const [changed] = await tx
      .update(reportSchedules)
      .set({ status: body.status, updatedAt: now, ...(body.status === 'active' && { activeFrom: now }) })
      .where(and(where, ne(reportSchedules.status, body.status)))
      .returning({ report: reportSchedules.report });
    if (!changed) {
      // Already so (a second click, another tab): nothing changes and nothing is recorded.
      const [exists] = await tx.select({ id: reportSchedules.id }).from(reportSchedules).where(where);
      if (!exists) fail('ITEM_NOT_FOUND');
      return;
    }
    await audit(
      tx,
      {
        action: body.status === 'active' ? 'reportSchedule.resumed' : 'reportSchedule.paused',
        userId: auth.userId,
        supplierId: body.supplierId,
        details: { scheduleId: body.scheduleId, report: changed.report },
      },
      now,
    );
  });
  return scheduleOf(deps, body.supplierId, body.scheduleId);
}

/** Deletes a schedule and the record of its runs; the mails already queued go. */
export async function deleteSchedule(deps: Deps, auth: AuthContext, body: Out<typeof reportScheduleBody>): Promise<{ deleted: true }> {
  await requireMembership(deps, auth.userId, body.supplierId, CAN);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(reportSchedules)
      .where(and(eq(reportSchedules.id, body.scheduleId), eq(reportSchedules.supplierId, body.supplierId)))
      .returning({ report: reportSchedules.report, frequency: reportSchedules.frequency, recipients: reportSchedules.recipients });
    if (!deleted) return fail('ITEM_NOT_FOUND');
    await audit(
      tx,
      {
        action: 'reportSchedule.deleted',
        userId: auth.userId,
        supplierId: body.supplierId,
        details: { scheduleId: body.scheduleId, report: deleted.report, frequency: deleted.frequency, recipient: deleted.recipients },
      },
      now,
    );
  });
  return { deleted: true };
}
