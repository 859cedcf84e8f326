/** Analytics (decision 056): the reports, their exports and e-mails, the liability and the dashboard's figures. */
export { analyticsRoutes } from './routes';
// The till's history counts "today" in the company's zone as the reports do.
export { companyOf } from './access';
export { resolvePeriod, withinPeriod } from './period';
// The files' machinery, which the audit log's export writes with too.
export { exportSelection, keysetBatches } from './filters';
export { localTime } from './period';
export { tableOf } from './columns';
export { EXPORT_BATCH_ROWS, EXPORT_TYPES, fileResponse, readerOf } from './export';
// A scheduled report's run (decision 098): the same rows and file, and the same authorisation.
export { periodFile, type PeriodFile } from './export';
export { REPORT_CAPABILITY } from './access';
export type { ReportCompany } from './access';
// The register API's report of the company's redemptions (decision 093).
export { keyRedemptionPage } from './redemption';
