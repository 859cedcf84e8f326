import * as v from 'valibot';
import { REPORTS } from '../analytics';
import { LANGUAGES } from '../enums';
import { SCHEDULE_FREQUENCIES, SCHEDULE_RECIPIENTS_MAX, SCHEDULE_STATUSES } from '../report-schedules';
import { email, itemId, oneOf } from './fields';
import { supplierId } from './redemption';

/** What the scheduled reports' page sends (decision 098), checked alike by the form and the server. */

export const scheduleId = itemId;

/** One to SCHEDULE_RECIPIENTS_MAX addresses, each once (compared as stored: normalised). */
export const scheduleRecipients = v.pipe(
  v.array(email, 'WRONG_TYPE'),
  v.transform((list) => [...new Set(list)]),
  v.minLength(1, 'REQUIRED'),
  v.maxLength(SCHEDULE_RECIPIENTS_MAX, 'TOO_MANY'),
);

export const reportScheduleListQuery = v.object({ supplierId });
export const createReportScheduleBody = v.object({
  supplierId,
  report: oneOf(REPORTS),
  frequency: oneOf(SCHEDULE_FREQUENCIES),
  recipients: scheduleRecipients,
  /** The file's and the mail's language; the person's own when absent. */
  language: v.optional(oneOf(LANGUAGES)),
});
export const reportScheduleStatusBody = v.object({ supplierId, scheduleId, status: oneOf(SCHEDULE_STATUSES) });
export const reportScheduleBody = v.object({ supplierId, scheduleId });

export type CreateReportScheduleBody = v.InferInput<typeof createReportScheduleBody>;
