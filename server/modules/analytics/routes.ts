import {
  analyticsSupplierQuery,
  liabilityExportQuery,
  liabilityMailBody,
  redemptionExportQuery,
  redemptionMailBody,
  redemptionReportQuery,
  reportSummaryQuery,
  salesExportQuery,
  salesMailBody,
  salesReportQuery,
} from '@contract/schemas/analytics';
import type { Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { dashboard } from './dashboard';
import { EXPORT_TYPES, exportReport, mailReport } from './export';
import { liability } from './liability';
import { reportMails } from './mail';
import { redemptionPage, redemptionSummary } from './redemption';
import { salesPage, salesSummary } from './sales';

const tag = 'analytics';

/** The selected company's reports, liability and dashboard figures (decision 056): under /api/front/analytics. */
export const analyticsRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/sales',
      describe({ tag, can: 'readSales', summary: 'Sales report: certificates bought in the period, one page, sorted' }),
      validate('query', salesReportQuery),
      async (c) => c.json({ data: await salesPage(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/sales/summary',
      describe({ tag, can: 'readSales', summary: "Sales report's totals and its chart: every day's issued and redeemed sums" }),
      validate('query', reportSummaryQuery),
      async (c) => c.json({ data: await salesSummary(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/sales/export',
      describe({
        tag,
        can: 'readSales',
        summary: 'The filtered sales report as a CSV or XLSX file, streamed, in the report order',
        files: EXPORT_TYPES,
      }),
      validate('query', salesExportQuery),
      async (c) => exportReport(deps, c.var.auth, 'sales', c.req.valid('query')),
    )
    .post(
      '/sales/email',
      describe({
        tag,
        can: 'readSales',
        summary: 'Mail the filtered sales report as an XLSX attachment (to the signed-in person or another address)',
      }),
      validate('json', salesMailBody),
      async (c) => c.json({ data: await mailReport(deps, c.var.auth, 'sales', c.req.valid('json')) }),
    )
    .get(
      '/sales/mails',
      describe({
        tag,
        can: 'readSales',
        summary: 'The sales reports I mailed from the company this week: delivered, on the way, or refused',
      }),
      validate('query', analyticsSupplierQuery),
      async (c) => c.json({ data: await reportMails(deps, c.var.auth, 'sales', c.req.valid('query').supplierId) }),
    )
    .get(
      '/redemption',
      describe({ tag, can: 'readRedemptions', summary: 'Redemption report: ledger entries made in the period, one page, sorted' }),
      validate('query', redemptionReportQuery),
      async (c) => c.json({ data: await redemptionPage(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/redemption/summary',
      describe({ tag, can: 'readRedemptions', summary: "Redemption report's totals and its chart: every day's redeemed sum and count" }),
      validate('query', reportSummaryQuery),
      async (c) => c.json({ data: await redemptionSummary(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/redemption/export',
      describe({
        tag,
        can: 'readRedemptions',
        summary: 'The filtered redemption report as a CSV or XLSX file, streamed, in the report order',
        files: EXPORT_TYPES,
      }),
      validate('query', redemptionExportQuery),
      async (c) => exportReport(deps, c.var.auth, 'redemption', c.req.valid('query')),
    )
    .post(
      '/redemption/email',
      describe({ tag, can: 'readRedemptions', summary: 'Mail the filtered redemption report as an XLSX attachment' }),
      validate('json', redemptionMailBody),
      async (c) => c.json({ data: await mailReport(deps, c.var.auth, 'redemption', c.req.valid('json')) }),
    )
    .get(
      '/redemption/mails',
      describe({
        tag,
        can: 'readRedemptions',
        summary: 'The redemption reports I mailed from the company this week: delivered, on the way, or refused',
      }),
      validate('query', analyticsSupplierQuery),
      async (c) => c.json({ data: await reportMails(deps, c.var.auth, 'redemption', c.req.valid('query').supplierId) }),
    )
    .get(
      '/liability',
      describe({ tag, can: 'readLiability', summary: 'What the company owes now: by product, by age, and what expires within 30 days' }),
      validate('query', analyticsSupplierQuery),
      async (c) => c.json({ data: await liability(deps, c.var.auth, c.req.valid('query').supplierId) }),
    )
    .get(
      '/liability/export',
      describe({
        tag,
        can: 'readLiability',
        summary: 'The liability as a CSV or XLSX file: a row a product with its ages and what expires soon, then the total',
        files: EXPORT_TYPES,
      }),
      validate('query', liabilityExportQuery),
      async (c) => exportReport(deps, c.var.auth, 'liability', c.req.valid('query')),
    )
    .post(
      '/liability/email',
      describe({ tag, can: 'readLiability', summary: 'Mail the liability as an XLSX attachment' }),
      validate('json', liabilityMailBody),
      async (c) => c.json({ data: await mailReport(deps, c.var.auth, 'liability', c.req.valid('json')) }),
    )
    .get(
      '/liability/mails',
      describe({
        tag,
        can: 'readLiability',
        summary: 'The liability reports I mailed from the company this week: delivered, on the way, or refused',
      }),
      validate('query', analyticsSupplierQuery),
      async (c) => c.json({ data: await reportMails(deps, c.var.auth, 'liability', c.req.valid('query').supplierId) }),
    )
    .get(
      '/dashboard',
      describe({ tag, can: 'seeCompany', summary: "The dashboard's figures for the viewer's roles" }),
      validate('query', analyticsSupplierQuery),
      async (c) => c.json({ data: await dashboard(deps, c.var.auth, c.req.valid('query').supplierId) }),
    );
