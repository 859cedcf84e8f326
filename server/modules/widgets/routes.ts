import {
  addWidgetBody,
  editWidgetBody,
  widgetListQuery,
  widgetProductsQuery,
  widgetQuery,
  widgetStatusBody,
} from '@contract/schemas/widgets';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { requireAuth } from '../auth';
import * as service from './service';

const tag = 'widgets';

/** The selected company's sales widgets, for its admins (decision 58): under /api/front/widgets. */
export const widgetRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get(
      '/list',
      describe({ tag, summary: "The company's widgets, newest first, with their views and clicks", auth: true }),
      validate('query', widgetListQuery),
      async (c) => c.json({ data: await service.listWidgets(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/info',
      describe({ tag, summary: 'One widget: its settings, status, views and clicks', auth: true }),
      validate('query', widgetQuery),
      async (c) => c.json({ data: await service.widgetInfo(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/products',
      describe({ tag, summary: "The company's certificates on sale that a widget may offer, with their amounts", auth: true }),
      validate('query', widgetProductsQuery),
      async (c) => c.json({ data: await service.widgetProducts(deps, c.var.auth, c.req.valid('query')) }),
    )
    .post(
      '/add',
      describe({ tag, summary: 'Create a widget for a certificate on sale, at some of its amounts', auth: true }),
      validate('json', addWidgetBody),
      async (c) => c.json({ data: await service.addWidget(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/edit',
      describe({ tag, summary: "Change a widget's certificate, amounts, colour or language", auth: true }),
      validate('json', editWidgetBody),
      async (c) => c.json({ data: await service.editWidget(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/status',
      describe({ tag, summary: 'Enable or disable a widget (a disabled one shows "unavailable" where it is embedded)', auth: true }),
      validate('json', widgetStatusBody),
      async (c) => c.json({ data: await service.setWidgetStatus(deps, c.var.auth, c.req.valid('json')) }),
    );
