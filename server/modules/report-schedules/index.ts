/** Scheduled reports (decision 098): the schedules' calls and the runner that mails each period once. */
export { reportScheduleRoutes } from './routes';
export { runDueReports, startReportRunner, REPORT_RUNNER_EVERY_MS } from './runner';
