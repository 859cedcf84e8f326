import * as v from 'valibot';
import { AUDIT_KINDS, AUDIT_PAGE_SIZE } from '../audit';
import { periodEntries, withRange } from './analytics';
import { oneOf } from './fields';
import { pageNumber, supplierId } from './redemption';
import { userId } from './users';

/** The audit log's filters (issue 33), the same in the page's URL and the API's query: period, person, kind, page. */
export const auditListQuery = withRange(
  v.object({
    supplierId,
    ...periodEntries,
    /** Entries made by this person. */
    userId: v.optional(userId),
    kind: v.optional(oneOf(AUDIT_KINDS)),
    page: pageNumber(1, 100_000),
    pageSize: pageNumber(AUDIT_PAGE_SIZE, 200),
  }),
);

export type AuditListQuery = v.InferOutput<typeof auditListQuery>;
