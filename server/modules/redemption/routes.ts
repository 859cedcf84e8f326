import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { checkBody, historyQuery, idempotencyKey, redeemBody } from '../../../src/contract/schemas/redemption';
import type { AppEnv, Deps } from '../../deps';
import { fail } from '../../http/errors';
import { requireAuth } from '../../http/middleware';
import { describe, validate } from '../../http/validate';
import * as redemption from './service';

const tag = 'redemption';

/** Check and redeem at the till, and the company's redemption history; under /api/front/redemption. */
export const redemptionRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireAuth(deps))
    .post('/check', describe({ tag, summary: 'Check a certificate by number and PIN', auth: true }), validate('json', checkBody), async (c) =>
      c.json({ data: await redemption.check(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/redeem',
      describe({ tag, summary: 'Redeem part of a certificate (Idempotency-Key header required)', auth: true }),
      validate('json', redeemBody),
      async (c) => {
        const key = v.safeParse(idempotencyKey, c.req.header('idempotency-key'));
        if (!key.success) return fail('IDEMPOTENCY_KEY_REQUIRED');
        const answer = await redemption.redeem(deps, c.var.auth, c.req.valid('json'), key.output);
        return c.json(answer.body as object, answer.status as ContentfulStatusCode);
      },
    )
    .get('/history', describe({ tag, summary: "The company's redemptions, newest first", auth: true }), validate('query', historyQuery), async (c) =>
      c.json({ data: await redemption.history(deps, c.var.auth, c.req.valid('query')) }),
    );
