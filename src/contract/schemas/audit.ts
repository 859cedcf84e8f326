import * as v from 'valibot';
import { EXPORT_FORMATS } from '../analytics';
import { AUDIT_KINDS, AUDIT_PAGE_SIZE } from '../audit';
import { LOCALES } from '../enums';
import { periodEntries, withRange } from './analytics';
import { oneOf } from './fields';
import { certificateNumber, pageNumber, supplierId } from './redemption';
import { userId } from './users';

/** The audit log's filters (issue 33), the same in the page's URL and the API's query: period, person, kind, certificate, page. */
const filterEntries = {
  supplierId,
  ...periodEntries,
  /** Entries made by this person. */
  userId: v.optional(userId),
  kind: v.optional(oneOf(AUDIT_KINDS)),
  /** Entries about this certificate (its number): a failed-lookup alert's link (decision 097). */
  certificate: v.optional(certificateNumber),
};

export const auditListQuery = withRange(
  v.object({ ...filterEntries, page: pageNumber(1, 100_000), pageSize: pageNumber(AUDIT_PAGE_SIZE, 200) }),
);
/** The filtered log as a file, its words in this language (the page's). */
export const auditExportQuery = withRange(
  v.object({ ...filterEntries, format: oneOf(EXPORT_FORMATS), locale: v.optional(oneOf(LOCALES)) }),
);

export type AuditFilter = v.InferOutput<typeof auditListQuery> | v.InferOutput<typeof auditExportQuery>;
export type AuditListQuery = v.InferOutput<typeof auditListQuery>;
export type AuditExportQuery = v.InferOutput<typeof auditExportQuery>;
