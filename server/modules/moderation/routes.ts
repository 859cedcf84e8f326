import { MODERATION_LISTS } from '@contract/company';
import { rejectBody, supplierIdQuery } from '@contract/schemas/company';
import { pageNumber } from '@contract/schemas/redemption';
import * as v from 'valibot';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { readOffer, sendPdf } from '../supplier';
import * as moderation from './service';

const tag = 'moderation';

/** `?status=` of the list: the companies on moderation (the queue), or the decisions made (the history); a page of it. */
const queueQuery = v.object({
  status: v.optional(v.picklist(MODERATION_LISTS, 'UNKNOWN_VALUE'), 'moderation'),
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(50, 200),
});
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
      describe({
        tag,
        can: 'moderate',
        summary: 'Companies waiting for moderation, the longest waiting first; or the decisions made, the latest first',
      }),
      validate('query', queueQuery),
      async (c) => sendData(c, await moderation.queue(deps, c.req.valid('query'))),
    )
    .get('/waiting', describe({ tag, can: 'moderate', summary: 'How many companies and products wait for moderation' }), async (c) =>
      sendData(c, await moderation.waiting(deps)),
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
