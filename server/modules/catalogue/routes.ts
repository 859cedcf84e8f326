import { catalogueQuery, createProductBody, productBody, productQuery, saveStepBody } from '@contract/schemas/catalogue';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { requireAuth } from '../auth';
import * as catalogue from './service';

const tag = 'catalogue';

/** A company's certificates, for its admins (decision 055), under /api/front/supplier/catalogue. */
export const catalogueRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get(
      '/list',
      describe({ tag, summary: "The company's products with their status; filter by status, search by name", auth: true }),
      validate('query', catalogueQuery),
      async (c) => sendData(c, await catalogue.listCatalogue(deps, c.var.auth, c.req.valid('query'))),
    )
    .get(
      '/info',
      describe({ tag, summary: 'One product: every step, images, status and moderation history', auth: true }),
      validate('query', productQuery),
      async (c) => sendData(c, await catalogue.productInfo(deps, c.var.auth, c.req.valid('query'))),
    )
    .post(
      '/create',
      describe({ tag, summary: 'Start a product (a draft) from its characteristics', auth: true }),
      validate('json', createProductBody),
      async (c) => sendData(c, await catalogue.createProduct(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/save',
      describe({ tag, summary: 'Save one step of the working copy (not while on moderation)', auth: true }),
      validate('json', saveStepBody),
      async (c) => sendData(c, await catalogue.saveProductStep(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/submit',
      describe({ tag, summary: 'Send a complete product to moderation', auth: true }),
      validate('json', productBody),
      async (c) => sendData(c, await catalogue.submitProduct(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/delete',
      describe({ tag, summary: 'Delete a product that has never been on sale (a draft, or one sent back before approval)', auth: true }),
      validate('json', productBody),
      async (c) => sendData(c, await catalogue.deleteProduct(deps, c.var.auth, c.req.valid('json'))),
    );
