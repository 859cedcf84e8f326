import { Hono } from 'hono';
import { supplierQuery } from '../../../src/contract/schemas/redemption';
import type { AppEnv, Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { requireAuth } from '../auth';
import { listProducts, listSuppliers } from './service';

/** SPEC §7, under /api/front/supplier. */
export const supplierRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get(
      '/supplier/index',
      describe({ tag: 'supplier', summary: "The user's companies, branches under their parents", auth: true }),
      async (c) => sendData(c, await listSuppliers(deps, c.var.auth)),
    )
    .get(
      '/products',
      describe({ tag: 'supplier', summary: "The company's products", auth: true }),
      validate('query', supplierQuery),
      async (c) => c.json({ data: await listProducts(deps, c.var.auth, c.req.valid('query').supplierId) }),
    );
