import { rejectBody, supplierIdQuery } from '@contract/schemas/company';
import * as v from 'valibot';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { readOffer, sendPdf } from '../supplier';
import * as moderation from './service';

const tag = 'moderation';

/** `?status=` of the queue: only companies on moderation are listed (the admin area's one queue). */
const queueQuery = v.object({ status: v.optional(v.picklist(['moderation'], 'UNKNOWN_VALUE'), 'moderation') });
/** The path's company: a malformed id is a company that does not exist. */
const companyParam = supplierIdQuery;

/** The moderation of companies by marketplace staff, under /api/admin/suppliers. */
export const moderationRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .use(async (c, next) => {
      await moderation.requireStaff(deps, c.var.auth);
      await next();
    })
    .get(
      '/',
      describe({ tag, can: 'moderate', summary: 'Companies waiting for moderation, the longest waiting first' }),
      validate('query', queueQuery),
      async (c) => sendData(c, await moderation.queue(deps)),
    )
    .get(
      '/:supplierId',
      describe({ tag, can: 'moderate', summary: 'All of a company, for the moderator' }),
      validate('param', companyParam),
      async (c) => sendData(c, await moderation.companyForStaff(deps, c.req.valid('param').supplierId)),
    )
    .post(
      '/:supplierId/approve',
      describe({ tag, can: 'moderate', summary: 'Approve a company on moderation: it becomes active' }),
      validate('param', companyParam),
      async (c) => sendData(c, await moderation.decide(deps, c.var.auth, c.req.valid('param').supplierId, { action: 'approved' })),
    )
    .post(
      '/:supplierId/reject',
      describe({ tag, can: 'moderate', summary: 'Send a company on moderation back for corrections, with the reason' }),
      validate('param', companyParam),
      validate('json', rejectBody),
      async (c) =>
        sendData(
          c,
          await moderation.decide(deps, c.var.auth, c.req.valid('param').supplierId, {
            action: 'rejected',
            reason: c.req.valid('json').reason,
          }),
        ),
    )
    .get(
      '/:supplierId/offer',
      describe({ tag, can: 'moderate', summary: 'The offer the company accepted, as a PDF', files: ['application/pdf'] }),
      validate('param', companyParam),
      async (c) => sendPdf(c, await readOffer(deps.db, c.req.valid('param').supplierId)),
    );
