import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { requireAuth } from '../../http/middleware';
import { describe } from '../../http/validate';
import { listSuppliers } from './service';

/** SPEC §7, under /api/front/supplier. */
export const supplierRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get('/supplier/index', describe({ tag: 'supplier', summary: "The user's companies, branches under their parents", auth: true }), async (c) =>
      c.json({ data: await listSuppliers(deps, c.var.auth) }),
    );
