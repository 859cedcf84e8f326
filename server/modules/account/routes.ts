import { setInfoBody, setSettingsBody } from '@contract/schemas/account';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { requireAuth } from '../auth';
import * as account from './service';

const tag = 'account';

/** SPEC §7, under /api/front/user/account. */
export const accountRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get('/get-info', describe({ tag, summary: 'Profile and roles per company', auth: true }), async (c) =>
      c.json({ data: await account.getInfo(deps, c.var.auth) }),
    )
    .get('/get-settings', describe({ tag, summary: 'Cabinet language and colour', auth: true }), async (c) =>
      c.json({ data: await account.getSettings(deps, c.var.auth) }),
    )
    .post('/set-info', describe({ tag, summary: 'Update the profile', auth: true }), validate('json', setInfoBody), async (c) =>
      c.json({ data: await account.setInfo(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/set-settings',
      describe({ tag, summary: 'Save cabinet language and colour', auth: true }),
      validate('json', setSettingsBody),
      async (c) => c.json({ data: await account.setSettings(deps, c.var.auth, c.req.valid('json')) }),
    );
