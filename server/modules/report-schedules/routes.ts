import {
  createReportScheduleBody,
  reportScheduleBody,
  reportScheduleListQuery,
  reportScheduleStatusBody,
} from '@contract/schemas/report-schedules';
import type { Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import * as service from './service';

const tag = 'analytics';
const can = 'readLiability';

/** The selected company's scheduled reports (decision 098): under /api/front/analytics/schedules. */
export const reportScheduleRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/list',
      describe({
        tag,
        can,
        summary: "The company's scheduled reports: report, frequency, recipients, language, next mail, last period sent",
      }),
      validate('query', reportScheduleListQuery),
      async (c) => c.json({ data: await service.listSchedules(deps, c.var.auth, c.req.valid('query')) }),
    )
    .post(
      '/create',
      describe({
        tag,
        can,
        summary: 'Schedule a report: mailed as an XLSX every Monday (the previous week) or every 1st (the previous month)',
      }),
      validate('json', createReportScheduleBody),
      async (c) => c.json({ data: await service.createSchedule(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/status',
      describe({ tag, can, summary: 'Pause a scheduled report or resume it (from its next period)' }),
      validate('json', reportScheduleStatusBody),
      async (c) => c.json({ data: await service.setScheduleStatus(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post('/delete', describe({ tag, can, summary: 'Delete a scheduled report' }), validate('json', reportScheduleBody), async (c) =>
      c.json({ data: await service.deleteSchedule(deps, c.var.auth, c.req.valid('json')) }),
    );
