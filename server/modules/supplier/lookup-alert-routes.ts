import { supplierIdQuery } from '@contract/schemas/company';
import { lookupAlertSettingsBody } from '@contract/schemas/lookup-alerts';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { readLookupAlertSettings, setLookupAlertSettings } from './lookup-alerts';

const tag = 'supplier';
const can = 'manageCompany';

/** A company's failed-lookup alert thresholds (decision 097): under /api/front/lookup-alerts. */
export const lookupAlertRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/settings',
      describe({ tag, can, summary: "The company's failed-lookup alert thresholds" }),
      validate('query', supplierIdQuery),
      async (c) => sendData(c, await readLookupAlertSettings(deps, c.var.auth, c.req.valid('query').supplierId)),
    )
    .post(
      '/settings',
      describe({
        tag,
        can,
        summary: "Set the company's failed-lookup alert thresholds: failures per till and per certificate within a window",
      }),
      validate('json', lookupAlertSettingsBody),
      async (c) => sendData(c, await setLookupAlertSettings(deps, c.var.auth, c.req.valid('json'))),
    );
