import { adminProductParam, adminProductsQuery, adminSaveBody, finishModerationBody } from '@contract/schemas/catalogue';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { requireStaff } from '../moderation';
import * as moderation from './service';

const tag = 'product moderation';

/** Every company's products for marketplace staff (decision 055), under /api/admin/products. */
export const productModerationRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .use(async (c, next) => {
      await requireStaff(deps, c.var.auth);
      await next();
    })
    .get(
      '/',
      describe({ tag, can: 'moderate', summary: 'Products of every company: by company, status, country, type, text; waiting ones first' }),
      validate('query', adminProductsQuery),
      async (c) => sendData(c, await moderation.listProducts(deps, c.req.valid('query'))),
    )
    .get(
      '/:productId',
      describe({ tag, can: 'moderate', summary: 'One product, for the moderator' }),
      validate('param', adminProductParam),
      async (c) => sendData(c, await moderation.productForStaff(deps, c.req.valid('param').productId)),
    )
    .post(
      '/:productId/save',
      describe({ tag, can: 'moderate', summary: 'Save a step or the marketplace fields (at any status; live at once when approved)' }),
      validate('param', adminProductParam),
      validate('json', adminSaveBody),
      async (c) => sendData(c, await moderation.saveProduct(deps, c.var.auth, c.req.valid('param').productId, c.req.valid('json'))),
    )
    .post(
      '/:productId/finish',
      describe({ tag, can: 'moderate', summary: 'Approve a product on moderation, or send it back with a comment' }),
      validate('param', adminProductParam),
      validate('json', finishModerationBody),
      async (c) => sendData(c, await moderation.finishModeration(deps, c.var.auth, c.req.valid('param').productId, c.req.valid('json'))),
    )
    .post(
      '/:productId/reset',
      describe({ tag, can: 'moderate', summary: 'Put an approved or sent-back product back on moderation' }),
      validate('param', adminProductParam),
      async (c) => sendData(c, await moderation.resetModeration(deps, c.var.auth, c.req.valid('param').productId)),
    );
