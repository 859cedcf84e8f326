import { auditListQuery } from '@contract/schemas/audit';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import { companyAuditLog, staffAuditLog } from './service';

const tag = 'audit';

/** The selected company's audit log, read by its members (issue 33): under /api/front/audit. */
export const auditRoutes = (deps: Deps) =>
  signedInRoutes(deps).get(
    '/',
    describe({
      tag,
      can: 'readAuditLog',
      summary: "Who did what and when in the company, newest first, one page: the kinds of entry the reader's roles allow",
    }),
    validate('query', auditListQuery),
    async (c) => sendData(c, await companyAuditLog(deps, c.var.auth, c.req.valid('query'))),
  );

/** Any company's audit log, for marketplace staff: under /api/admin/audit. */
export const staffAuditRoutes = (deps: Deps) =>
  signedInRoutes(deps).get(
    '/',
    describe({ tag, can: 'moderate', summary: "A company's whole audit log, newest first, one page" }),
    validate('query', auditListQuery),
    async (c) => sendData(c, await staffAuditLog(deps, c.var.auth, c.req.valid('query'))),
  );
