import {
  addWidgetBody,
  editWidgetBody,
  widgetListQuery,
  widgetProductsQuery,
  widgetQuery,
  widgetStatusBody,
} from '@contract/schemas/widgets';
import type { Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import * as service from './service';

const tag = 'widgets';

/** The selected company's sales widgets, for its admins (decision 58): under /api/front/widgets. */
export const widgetRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/list',
      describe({ tag, can: 'manageWidgets', summary: "The company's widgets, newest first, with their views and clicks" }),
      validate('query', widgetListQuery),
      async (c) => c.json({ data: await service.listWidgets(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/info',
      describe({ tag, can: 'manageWidgets', summary: 'One widget: its settings, status, views and clicks' }),
      validate('query', widgetQuery),
      async (c) => c.json({ data: await service.widgetInfo(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/products',
      describe({ tag, can: 'manageWidgets', summary: "The company's certificates on sale that a widget may offer, with their amounts" }),
      validate('query', widgetProductsQuery),
      async (c) => c.json({ data: await service.widgetProducts(deps, c.var.auth, c.req.valid('query')) }),
    )
    .post(
      '/add',
      describe({ tag, can: 'manageWidgets', summary: 'Create a widget for a certificate on sale, at some of its amounts' }),
      validate('json', addWidgetBody),
      async (c) => c.json({ data: await service.addWidget(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/edit',
      describe({ tag, can: 'manageWidgets', summary: "Change a widget's certificate, amounts, colour or language" }),
      validate('json', editWidgetBody),
      async (c) => c.json({ data: await service.editWidget(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/status',
      describe({
        tag,
        can: 'manageWidgets',
        summary: 'Enable or disable a widget (a disabled one shows "unavailable" where it is embedded)',
      }),
      validate('json', widgetStatusBody),
      async (c) => c.json({ data: await service.setWidgetStatus(deps, c.var.auth, c.req.valid('json')) }),
    );
