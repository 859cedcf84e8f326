import { rolesAllow } from '@contract/access';
import {
  AUDIT_KIND_ACTIONS,
  AUDIT_KIND_CAPABILITY,
  AUDIT_KINDS,
  auditKindOf,
  type AuditAction,
  type AuditKind,
  type AuditPage,
} from '@contract/audit';
import type { AuditFilter, AuditListQuery } from '@contract/schemas/audit';
import { personName } from '@contract/users';
import { and, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { selectArrays } from '../../db/arrays';
import { apiKeys, auditLog, certificates, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { requireMembership } from '../../lib/membership';
import { companyOf, exportSelection, keysetBatches, localTime, resolvePeriod, withinPeriod, type ReportCompany } from '../analytics';
import { requireStaff } from '../moderation';

/**
 * The audit log as people read it (issue 33): a company's members read the kinds their roles allow, staff every
 * kind of any company. The same filter gives the page and the file.
 */

const actors = alias(users, 'actor');
const subjects = alias(users, 'subject');

/** Who reads: a member of the company through their roles, or marketplace staff. */
export type Reader = { auth: AuthContext; staff: boolean };

/** The entries of the given kinds: each kind's action names, exact or by their start. */
const ofKinds = (kinds: readonly AuditKind[]): SQL | undefined =>
  or(
    ...kinds.flatMap((kind) =>
      AUDIT_KIND_ACTIONS[kind].map((name) => (name.endsWith('.') ? like(auditLog.action, `${name}%`) : eq(auditLog.action, name))),
    ),
  );

/** The reader authorised for the company: the kinds they may read, the company's days, the filter's condition. */
async function openLog(deps: Deps, reader: Reader, filter: AuditFilter) {
  let kinds: AuditKind[];
  if (reader.staff) {
    await requireStaff(deps, reader.auth);
    kinds = [...AUDIT_KINDS];
  } else {
    const roles = await requireMembership(deps, reader.auth.userId, filter.supplierId, 'readAuditLog');
    kinds = AUDIT_KINDS.filter((kind) => rolesAllow(roles, AUDIT_KIND_CAPABILITY[kind]));
  }
  const company = await companyOf(deps, filter.supplierId, []);
  const period = resolvePeriod(filter, company.timeZone, deps.now());
  const shown = filter.kind ? kinds.filter((kind) => kind === filter.kind) : kinds;
  const where =
    shown.length === 0
      ? sql`false`
      : and(
          eq(auditLog.supplierId, company.id),
          withinPeriod(auditLog.createdAt, period),
          ofKinds(shown),
          filter.userId ? eq(auditLog.userId, filter.userId) : undefined,
          filter.certificate
            ? inArray(
                auditLog.certificateId,
                deps.db
                  .select({ id: certificates.id })
                  .from(certificates)
                  .where(and(eq(certificates.number, filter.certificate), eq(certificates.supplierId, company.id))),
              )
            : undefined,
        );
  return { company, kinds, period, where };
}

/** One page of the log, newest first. */
export async function auditPage(deps: Deps, reader: Reader, query: AuditListQuery): Promise<AuditPage> {
  const { company, kinds, period, where } = await openLog(deps, reader, query);
  const [rows, [total], [person]] = await Promise.all([
    deps.db
      .select({
        id: auditLog.id,
        at: auditLog.createdAt,
        action: auditLog.action,
        details: auditLog.details,
        actorId: actors.id,
        actorFirstName: actors.firstName,
        actorSecondName: actors.secondName,
        actorEmail: actors.email,
        subjectId: subjects.id,
        subjectFirstName: subjects.firstName,
        subjectSecondName: subjects.secondName,
        certificateNumber: certificates.number,
        keyName: apiKeys.name,
        keyPrefix: apiKeys.prefix,
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.userId))
      .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
      .leftJoin(certificates, eq(certificates.id, auditLog.certificateId))
      .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(auditLog).where(where),
    // Named only as an author of this company's entries: an id from elsewhere tells no one's name.
    query.userId
      ? deps.db
          .select({ id: users.id, firstName: users.firstName, secondName: users.secondName })
          .from(users)
          .innerJoin(auditLog, and(eq(auditLog.userId, users.id), eq(auditLog.supplierId, company.id)))
          .where(eq(users.id, query.userId))
          .limit(1)
      : [],
  ]);
  return {
    kinds,
    period,
    currency: company.currency,
    person: person ? { id: person.id, name: personName(person) } : null,
    page: query.page,
    pageSize: query.pageSize,
    total: total?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      // The column holds only what server/lib/audit.ts writes: the contract's actions.
      action: row.action as AuditAction,
      kind: auditKindOf(row.action) ?? 'company',
      actor:
        row.actorId === null
          ? null
          : {
              id: row.actorId,
              name: personName({ firstName: row.actorFirstName!, secondName: row.actorSecondName! }),
              email: row.actorEmail!,
            },
      subject:
        row.subjectId === null
          ? null
          : { id: row.subjectId, name: personName({ firstName: row.subjectFirstName!, secondName: row.subjectSecondName! }) },
      apiKey: row.keyName === null ? null : { name: row.keyName, prefix: row.keyPrefix! },
      certificateNumber: row.certificateNumber,
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
  };
}

/** The file's columns after the cursor and id, as the database prints them (dates in the company's zone). */
export const AUDIT_FILE_COLUMNS = [
  'date',
  'action',
  'person',
  'keyName',
  'keyPrefix',
  'email',
  'subject',
  'certificate',
  'details',
] as const;

/** The filtered log for a file: its company and period, and its rows batch by batch, newest first. */
export async function auditFileRows(deps: Deps, reader: Reader, filter: AuditFilter, batchSize: number) {
  const { company, period, where } = await openLog(deps, reader, filter);
  const sorting = { column: auditLog.createdAt, id: auditLog.id, order: 'desc' as const };
  const selection = exportSelection(sorting, AUDIT_FILE_COLUMNS, {
    date: localTime(auditLog.createdAt, company.timeZone),
    action: auditLog.action,
    person: sql<string>`${actors.secondName} || ' ' || ${actors.firstName}`,
    keyName: apiKeys.name,
    keyPrefix: apiKeys.prefix,
    email: actors.email,
    subject: sql<string>`${subjects.secondName} || ' ' || ${subjects.firstName}`,
    certificate: certificates.number,
    details: auditLog.details,
  });
  const batches = keysetBatches(sorting, batchSize, (after, limit) =>
    selectArrays(
      deps.db,
      deps.db
        .select(selection)
        .from(auditLog)
        .leftJoin(actors, eq(actors.id, auditLog.userId))
        .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
        .leftJoin(certificates, eq(certificates.id, auditLog.certificateId))
        .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
        .where(and(where, after))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit),
    ),
  );
  return { company: company satisfies ReportCompany, period, batches };
}
