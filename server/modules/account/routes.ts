import { setInfoBody, setSettingsBody } from '@contract/schemas/account';
import type { Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import * as account from './service';

const tag = 'account';

/** SPEC §7, under /api/front/user/account. */
export const accountRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get('/get-info', describe({ tag, summary: 'Profile and roles per company' }), async (c) =>
      c.json({ data: await account.getInfo(deps, c.var.auth) }),
    )
    .get('/get-settings', describe({ tag, summary: 'Cabinet language and colour' }), async (c) =>
      c.json({ data: await account.getSettings(deps, c.var.auth) }),
    )
    .post('/set-info', describe({ tag, summary: 'Update the profile' }), validate('json', setInfoBody), async (c) =>
      c.json({ data: await account.setInfo(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post('/set-settings', describe({ tag, summary: 'Save cabinet language and colour' }), validate('json', setSettingsBody), async (c) =>
      c.json({ data: await account.setSettings(deps, c.var.auth, c.req.valid('json')) }),
    );
