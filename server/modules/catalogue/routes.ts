import { catalogueQuery, createProductBody, productBody, productQuery, saveStepBody } from '@contract/schemas/catalogue';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import * as catalogue from './service';

const tag = 'catalogue';

/** A company's certificates, for its admins (decision 055), under /api/front/supplier/catalogue. */
export const catalogueRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/list',
      describe({ tag, can: 'manageCatalogue', summary: "The company's products with their status; filter by status, search by name" }),
      validate('query', catalogueQuery),
      async (c) => sendData(c, await catalogue.listCatalogue(deps, c.var.auth, c.req.valid('query'))),
    )
    .get(
      '/info',
      describe({ tag, can: 'manageCatalogue', summary: 'One product: every step, images, status and moderation history' }),
      validate('query', productQuery),
      async (c) => sendData(c, await catalogue.productInfo(deps, c.var.auth, c.req.valid('query'))),
    )
    .post(
      '/create',
      describe({ tag, can: 'manageCatalogue', summary: 'Start a product (a draft) from its characteristics' }),
      validate('json', createProductBody),
      async (c) => sendData(c, await catalogue.createProduct(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/save',
      describe({ tag, can: 'manageCatalogue', summary: 'Save one step of the working copy (not while on moderation)' }),
      validate('json', saveStepBody),
      async (c) => sendData(c, await catalogue.saveProductStep(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/submit',
      describe({ tag, can: 'manageCatalogue', summary: 'Send a complete product to moderation' }),
      validate('json', productBody),
      async (c) => sendData(c, await catalogue.submitProduct(deps, c.var.auth, c.req.valid('json'))),
    )
    .post(
      '/delete',
      describe({
        tag,
        can: 'manageCatalogue',
        summary: 'Delete a product that has never been on sale (a draft, or one sent back before approval)',
      }),
      validate('json', productBody),
      async (c) => sendData(c, await catalogue.deleteProduct(deps, c.var.auth, c.req.valid('json'))),
    );
