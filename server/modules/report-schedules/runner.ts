import { rolesAllow } from '@contract/access';
import { COUNTRY_TIME_ZONE, localDate, type DateRange, type Report } from '@contract/analytics';
import type { Language } from '@contract/enums';
import { previousPeriod, type ReportRunStatus, type ScheduleFrequency } from '@contract/report-schedules';
import { and, eq } from 'drizzle-orm';
import { memberships, reportRuns, reportSchedules, suppliers } from '../../db/schema';
import type { Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { repeatEvery, type Repeating } from '../../lib/repeating';
import { enqueueMail } from '../../mail/outbox';
import { companyOf, periodFile, REPORT_CAPABILITY, type PeriodFile } from '../analytics';

/** How often the runner looks for due schedules: a mail is at most this late after its period's midnight. */
export const REPORT_RUNNER_EVERY_MS = 60_000;

/**
 * The period a schedule owes now, if any (decision 098): the last whole week or month before today in the company's
 * zone, if the schedule was active (made or resumed) by its last day. Only the latest: a server down for weeks sends
 * the latest week once it is back, not every week it missed.
 */
export function duePeriod(
  schedule: { frequency: ScheduleFrequency; activeFrom: Date; status: string },
  now: Date,
  timeZone: string,
): DateRange | null {
  if (schedule.status !== 'active') return null;
  const period = previousPeriod(schedule.frequency, localDate(now, timeZone));
  return localDate(schedule.activeFrom, timeZone) <= period.to ? period : null;
}

interface DueSchedule {
  id: string;
  supplierId: string;
  report: Report;
  frequency: ScheduleFrequency;
  recipients: string[];
  language: Language;
  createdBy: string | null;
}

/**
 * Sends every due period not yet handled; answers how many this runner handled. Another runner (another process,
 * another server) may run at the same moment: each period is claimed by inserting its run row, in the transaction that
 * queues its mails, so exactly one runner's mails are committed; a runner that dies before its commit leaves the
 * period due for the next tick.
 */
export async function runDueReports(deps: Deps): Promise<number> {
  const now = deps.now();
  const active = await deps.db
    .select({
      id: reportSchedules.id,
      supplierId: reportSchedules.supplierId,
      report: reportSchedules.report,
      frequency: reportSchedules.frequency,
      recipients: reportSchedules.recipients,
      language: reportSchedules.language,
      status: reportSchedules.status,
      activeFrom: reportSchedules.activeFrom,
      createdBy: reportSchedules.createdBy,
      country: suppliers.country,
    })
    .from(reportSchedules)
    .innerJoin(suppliers, eq(suppliers.id, reportSchedules.supplierId))
    .where(eq(reportSchedules.status, 'active'));
  let handled = 0;
  for (const schedule of active) {
    const timeZone = COUNTRY_TIME_ZONE[schedule.country];
    const period = duePeriod(schedule, now, timeZone);
    if (!period) continue;
    // Most ticks find the period handled: asked first so that no file is built for nothing.
    const [done] = await deps.db
      .select({ id: reportRuns.id })
      .from(reportRuns)
      .where(and(eq(reportRuns.scheduleId, schedule.id), eq(reportRuns.periodFrom, period.from)));
    if (done) continue;
    try {
      if (await runSchedule(deps, schedule, { ...period, timeZone }, now)) handled += 1;
    } catch (error) {
      // Left due: the next tick tries again; the others are not held up by it.
      deps.log.error('scheduled report failed', { scheduleId: schedule.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return handled;
}

/** Builds the period's file as the maker may still read it, then claims the period and queues the mails in one transaction. */
async function runSchedule(deps: Deps, schedule: DueSchedule, period: DateRange & { timeZone: string }, now: Date): Promise<boolean> {
  const [maker] = schedule.createdBy
    ? await deps.db
        .select({ roles: memberships.roles, status: memberships.status })
        .from(memberships)
        .where(and(eq(memberships.userId, schedule.createdBy), eq(memberships.supplierId, schedule.supplierId)))
    : [];
  const allowed = !!maker && maker.status !== 'blocked' && rolesAllow(maker.roles, REPORT_CAPABILITY[schedule.report]);
  const made: PeriodFile | null = allowed
    ? await periodFile(deps, await companyOf(deps, schedule.supplierId, maker.roles), schedule.report, period, schedule.language)
    : null;
  const status: ReportRunStatus = !made ? 'refused' : 'tooLarge' in made ? 'tooLarge' : 'sent';
  const rows = !made ? 0 : 'tooLarge' in made ? made.tooLarge : made.rows;
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(reportRuns)
      .values({ scheduleId: schedule.id, periodFrom: period.from, periodTo: period.to, status, rows, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: reportRuns.id });
    if (!claimed) return false;
    if (made && 'file' in made) {
      const [company] = await tx.select({ name: suppliers.supplierName }).from(suppliers).where(eq(suppliers.id, schedule.supplierId));
      for (const to of schedule.recipients)
        await enqueueMail(
          tx,
          {
            to,
            template: 'reportMailed',
            language: schedule.language,
            params: { companyName: company!.name, report: schedule.report, from: made.period.from, to: made.period.to, rows },
            about: { supplierId: schedule.supplierId, senderId: schedule.createdBy, topic: 'report', reference: schedule.report },
          },
          now,
          [made.file],
        );
    }
    await audit(
      tx,
      {
        action: status === 'sent' ? 'reportSchedule.sent' : 'reportSchedule.notSent',
        ...(schedule.createdBy && { userId: schedule.createdBy }),
        supplierId: schedule.supplierId,
        details: {
          scheduleId: schedule.id,
          report: schedule.report,
          from: period.from,
          to: period.to,
          rows,
          recipient: schedule.recipients,
          status,
        },
      },
      now,
    );
    return true;
  });
}

/**
 * Runs runDueReports at once (a period missed while the server was down is sent at its start) and then every
 * `everyMs`, one run at a time; a failed run is logged and the next one tries again. Started with the housekeeping:
 * once per server (the cluster's primary), and safe with several servers on one database.
 */
export function startReportRunner(deps: Deps, everyMs = REPORT_RUNNER_EVERY_MS): Repeating {
  return repeatEvery(
    deps.log,
    'scheduled reports',
    everyMs,
    async () => {
      const handled = await runDueReports(deps);
      if (handled) deps.log.info('scheduled reports handled', { handled });
    },
    true,
  );
}
