import { rolesAllow } from '@contract/access';
import { AUDIT_KIND_ACTIONS, AUDIT_KIND_CAPABILITY, AUDIT_KINDS, auditKindOf, type AuditKind, type AuditPage } from '@contract/audit';
import type { AuditListQuery } from '@contract/schemas/audit';
import { personName } from '@contract/users';
import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, certificates, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { requireMembership } from '../../lib/membership';
import { companyOf, resolvePeriod, withinPeriod } from '../analytics';
import { requireStaff } from '../moderation';

const actors = alias(users, 'actor');
const subjects = alias(users, 'subject');

/** The entries of the given kinds: each kind's action names, exact or by their start. */
const ofKinds = (kinds: readonly AuditKind[]): SQL | undefined =>
  or(
    ...kinds.flatMap((kind) =>
      AUDIT_KIND_ACTIONS[kind].map((name) => (name.endsWith('.') ? like(auditLog.action, `${name}%`) : eq(auditLog.action, name))),
    ),
  );

/** The company's audit log for a member: the kinds their roles allow (an accountant's is the money part). */
export async function companyAuditLog(deps: Deps, auth: AuthContext, query: AuditListQuery): Promise<AuditPage> {
  const roles = await requireMembership(deps, auth.userId, query.supplierId, 'readAuditLog');
  const kinds = AUDIT_KINDS.filter((kind) => rolesAllow(roles, AUDIT_KIND_CAPABILITY[kind]));
  return auditPage(deps, query, kinds);
}

/** Any company's whole audit log, for marketplace staff. */
export async function staffAuditLog(deps: Deps, auth: AuthContext, query: AuditListQuery): Promise<AuditPage> {
  await requireStaff(deps, auth);
  return auditPage(deps, query, [...AUDIT_KINDS]);
}

async function auditPage(deps: Deps, query: AuditListQuery, kinds: AuditKind[]): Promise<AuditPage> {
  const company = await companyOf(deps, query.supplierId, []);
  const period = resolvePeriod(query, company.timeZone, deps.now());
  const shown = query.kind ? kinds.filter((kind) => kind === query.kind) : kinds;
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize, kinds };
  if (shown.length === 0) return empty;
  const where = and(
    eq(auditLog.supplierId, company.id),
    withinPeriod(auditLog.createdAt, period),
    ofKinds(shown),
    query.userId ? eq(auditLog.userId, query.userId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
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
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.userId))
      .leftJoin(subjects, eq(subjects.id, auditLog.subjectUserId))
      .leftJoin(certificates, eq(certificates.id, auditLog.certificateId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    ...empty,
    total: total?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      kind: auditKindOf(row.action) ?? 'company',
      actor:
        row.actorId === null
          ? null
          : { id: row.actorId, name: personName({ firstName: row.actorFirstName!, secondName: row.actorSecondName! }), email: row.actorEmail! },
      subject:
        row.subjectId === null ? null : { id: row.subjectId, name: personName({ firstName: row.subjectFirstName!, secondName: row.subjectSecondName! }) },
      certificateNumber: row.certificateNumber,
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
  };
}
