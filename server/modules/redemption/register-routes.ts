import { keyRedemptionReportQuery } from '@contract/schemas/analytics';
import { certificateParam, keyCheckBody, keyHistoryQuery, keyRedeemBody, redeemHeaders } from '@contract/schemas/redemption';
import type { Deps } from '../../deps';
import { sendStoredAnswer } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { keyRedemptionPage } from '../analytics';
import { companyKeyRoutes, requiresScope } from '../api-keys';
import { certificateHistory } from './register';
import * as redemption from './service';

const tag = 'register';

const NUMBER = '7000000000000013';
const certificateExample = {
  status: 'active',
  id: '0b7c6a52-3c1e-4b1e-9d55-2f0f7d4c9a10',
  number: NUMBER,
  product: { id: '5f1d2c3b-7a8e-4f60-8b9a-0c1d2e3f4a5b', name: 'Gift card' },
  orderNumber: 'ORD-1001',
  purchaseDate: '2026-11-01T09:30:00.000Z',
  validUntil: '2027-11-01T09:30:00.000Z',
  denomination: 500000,
  balance: 480000,
  currency: 'RUB',
  redemptionsLeft: null,
  history: [{ date: '2026-11-20T12:00:00.000Z', amount: 20000, transactionNumber: 'R261120A1B2C3D4E5' }],
};
const ledgerRowExample = {
  transactionId: 'R261120A1B2C3D4E5',
  orderNumber: 'ORD-1001',
  certificateId: certificateExample.id,
  certificateNumber: NUMBER,
  date: '2026-11-20T12:00:00.000Z',
  sum: 20000,
  currency: 'RUB',
  status: 'success',
  errorCode: null,
  user: 'API: Till 3, Main St (cdk_9fQ2xLbT)',
};

/**
 * The register API (decision 093), under /api/company/v1: a company's own cash registers and systems check and redeem
 * its certificates with a company API key (`Authorization: Bearer cdk_…`), through the till's own service — the same
 * rules, limits, PIN lock-out, Idempotency-Key and codes. The company is always the key's: no request names one.
 */
export const registerRoutes = (deps: Deps) =>
  companyKeyRoutes(deps)
    .post(
      '/certificates/check',
      describe({
        tag,
        summary: 'Check a certificate by number and PIN: its status, balance and last redemptions',
        examples: { request: { number: NUMBER, pin: '111111' }, response: { data: certificateExample } },
      }),
      requiresScope('check'),
      validate('json', keyCheckBody),
      async (c) => {
        const key = c.var.companyKey;
        return c.json({ data: await redemption.check(deps, { key }, { ...c.req.valid('json'), supplierId: key.supplierId }) });
      },
    )
    .post(
      '/certificates/redeem',
      describe({
        tag,
        summary:
          'Redeem an amount (minor units) of a certificate; send a new Idempotency-Key per redemption: a retry with the same key and body replays the first answer',
        examples: {
          request: { number: NUMBER, pin: '111111', amount: 20000 },
          response: {
            data: { transactionNumber: 'R261120A1B2C3D4E5', amount: 20000, balance: 480000, certificate: certificateExample },
          },
        },
      }),
      requiresScope('redeem'),
      validate('json', keyRedeemBody),
      validate('header', redeemHeaders, 'IDEMPOTENCY_KEY_REQUIRED'),
      async (c) => {
        const key = c.var.companyKey;
        const body = { ...c.req.valid('json'), supplierId: key.supplierId };
        return sendStoredAnswer(c, await redemption.redeem(deps, { key }, body, c.req.valid('header')['idempotency-key']));
      },
    )
    .get(
      '/certificates/:number/history',
      describe({
        tag,
        summary: "A certificate's ledger, newest first: every redemption and refused attempt, and who made it",
        examples: { response: { data: { items: [ledgerRowExample], page: 1, pageSize: 50, total: 1 } } },
      }),
      requiresScope('readReports'),
      validate('param', certificateParam),
      validate('query', keyHistoryQuery),
      async (c) => c.json({ data: await certificateHistory(deps, c.var.companyKey, c.req.valid('param').number, c.req.valid('query')) }),
    )
    .get(
      '/redemptions',
      describe({
        tag,
        summary:
          "The company's redemptions (and refused attempts) in a period, a page at a time: `period` (today, week, month, year) or `from`–`to` (YYYY-MM-DD, the company's days)",
        examples: {
          response: {
            data: {
              items: [ledgerRowExample],
              page: 1,
              pageSize: 50,
              total: 1,
              period: { from: '2026-11-01', to: '2026-11-30', timeZone: 'Europe/Moscow' },
            },
          },
        },
      }),
      requiresScope('readReports'),
      validate('query', keyRedemptionReportQuery),
      async (c) => c.json({ data: await keyRedemptionPage(deps, c.var.companyKey.supplierId, c.req.valid('query')) }),
    );
