import { checkBody, historyQuery, redeemBody, redeemHeaders, supplierQuery } from '@contract/schemas/redemption';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { sendStoredAnswer } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { requireAuth, requireToken } from '../auth';
import * as redemption from './service';

const tag = 'redemption';

/**
 * Check and redeem at the till, the company's redemption history and the till's settings; under /api/front/redemption.
 * Each route names its authentication: the check and the redemption confirm the login in their first statement.
 */
export const redemptionRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post(
      '/check',
      describe({ tag, can: 'checkCertificates', summary: 'Check a certificate by number and PIN' }),
      requireToken(deps),
      validate('json', checkBody),
      async (c) => c.json({ data: await redemption.check(deps, { claims: c.var.claims }, c.req.valid('json')) }),
    )
    .post(
      '/redeem',
      describe({
        tag,
        can: 'redeem',
        summary: 'Redeem part of a certificate; a retry with the same Idempotency-Key replays the first answer',
      }),
      requireToken(deps),
      validate('json', redeemBody),
      validate('header', redeemHeaders, 'IDEMPOTENCY_KEY_REQUIRED'),
      async (c) =>
        sendStoredAnswer(
          c,
          await redemption.redeem(deps, { claims: c.var.claims }, c.req.valid('json'), c.req.valid('header')['idempotency-key']),
        ),
    )
    .get(
      '/history',
      describe({
        tag,
        can: 'checkCertificates',
        summary: "The company's redemptions, newest first; today's only, the caller's only (a redeemer always gets their own)",
      }),
      requireAuth(deps),
      validate('query', historyQuery),
      async (c) => c.json({ data: await redemption.history(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/till',
      describe({
        tag,
        can: 'checkCertificates',
        summary: "What the till adapts to in the company: whether all its products' numbers are digits",
      }),
      requireAuth(deps),
      validate('query', supplierQuery),
      async (c) => c.json({ data: await redemption.till(deps, c.var.auth, c.req.valid('query')) }),
    );
