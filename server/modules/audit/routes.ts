import { auditExportQuery, auditListQuery } from '@contract/schemas/audit';
import type { Deps } from '../../deps';
import { sendData } from '../../http/respond';
import { describe, validate } from '../../http/validate';
import { EXPORT_TYPES } from '../analytics';
import { signedInRoutes } from '../auth';
import { exportAuditLog } from './export';
import { auditPage } from './service';

const tag = 'audit';

/** The log's page and its file, for a company's members or (staff) for marketplace staff. */
const logRoutes = (deps: Deps, staff: boolean) => {
  const can = staff ? 'moderate' : 'readAuditLog';
  const whose = staff ? "Any company's whole audit log" : "The company's audit log: the kinds of entry the reader's roles allow";
  return signedInRoutes(deps)
    .get('/', describe({ tag, can, summary: `${whose}, newest first, one page` }), validate('query', auditListQuery), async (c) =>
      sendData(c, await auditPage(deps, { auth: c.var.auth, staff }, c.req.valid('query'))),
    )
    .get(
      '/export',
      describe({ tag, can, summary: `${whose}, filtered, as a CSV or XLSX file, newest first`, files: EXPORT_TYPES }),
      validate('query', auditExportQuery),
      async (c) => exportAuditLog(deps, { auth: c.var.auth, staff }, c.req.valid('query')),
    );
};

/** Under /api/front/audit (issue 33). */
export const auditRoutes = (deps: Deps) => logRoutes(deps, false);
/** Under /api/admin/audit. */
export const staffAuditRoutes = (deps: Deps) => logRoutes(deps, true);
