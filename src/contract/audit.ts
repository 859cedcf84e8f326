import type { CompanyCapability } from './access';
import type { ResolvedPeriod } from './analytics';
import { ROLES, type Role } from './enums';
import { MEMBER_ACTIONS } from './users';

/**
 * The audit log as people read it (issue 33): entries sorted into kinds, each kind readable with a capability of its
 * own beside `readAuditLog`, so an accountant reads the money part and an admin all of it. Staff read every kind of
 * any company in the admin area. Entries are written beside the change (server/lib/audit.ts) and never edited.
 */

/** Every action the server writes (server/lib/audit.ts takes only these): each has its words in every locale. */
export const AUDIT_ACTIONS = [
  'redemption',
  'certificate.locked',
  'certificate.wrongPin',
  'certificate.unknownNumber',
  'certificate.lookupAlert',
  'certificates.issued',
  'analytics.reportMailed',
  'reportSchedule.created',
  'reportSchedule.paused',
  'reportSchedule.resumed',
  'reportSchedule.deleted',
  'reportSchedule.sent',
  'reportSchedule.notSent',
  ...MEMBER_ACTIONS.map((action) => `member.${action}` as const),
  'supplier.create',
  'supplier.submit',
  'supplier.cancel',
  'supplier.approve',
  'supplier.reject',
  'supplier.moderationRefused',
  'supplier.holderNoticesOn',
  'supplier.holderNoticesOff',
  'supplier.lookupAlertsChanged',
  'product.created',
  'product.edited',
  'product.codeReset',
  'product.submitted',
  'product.reset',
  'product.deleted',
  'product.approved',
  'product.rejected',
  'product.moderationRefused',
  'webhook.added',
  'webhook.enabled',
  'webhook.disabled',
  'webhook.secretRotated',
  'webhook.deleted',
  'apiKey.created',
  'apiKey.revoked',
  'apiKey.used',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** The actions under one name (`product` → `created`, `edited`…), as a module's own changes record them. */
export type ActionsOf<Prefix extends string> = AuditAction extends infer Action
  ? Action extends `${Prefix}.${infer Rest}`
    ? Rest
    : never
  : never;

export const AUDIT_KINDS = ['money', 'access', 'company', 'catalogue', 'integrations'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Which actions a kind holds: an action's name, or the start of names ending in `.`. */
export const AUDIT_KIND_ACTIONS: Record<AuditKind, readonly string[]> = {
  money: ['redemption', 'certificate.', 'certificates.', 'analytics.', 'reportSchedule.'],
  access: ['member.'],
  company: ['supplier.'],
  catalogue: ['product.'],
  integrations: ['apiKey.', 'webhook.'],
};

/** What reading a kind takes, beside `readAuditLog`: what the entries tell is what the capability already shows. */
export const AUDIT_KIND_CAPABILITY: Record<AuditKind, CompanyCapability> = {
  money: 'readLiability',
  access: 'manageUsers',
  company: 'manageCompany',
  catalogue: 'manageCatalogue',
  integrations: 'manageIntegrations',
};

export const auditKindOf = (action: string): AuditKind | undefined =>
  AUDIT_KINDS.find((kind) => AUDIT_KIND_ACTIONS[kind].some((name) => (name.endsWith('.') ? action.startsWith(name) : action === name)));

export const AUDIT_PAGE_SIZE = 50;

/** One entry as the screen shows it: who (none for the system or an API key), what, when, and about whom or what. */
export interface AuditEntryView {
  id: string;
  at: string;
  action: AuditAction;
  kind: AuditKind;
  /** The person who did it; null for the system or a company API key (then `apiKey`). */
  actor: { id: string; name: string; email: string } | null;
  apiKey: { name: string; prefix: string } | null;
  /** The person an access change is about. */
  subject: { id: string; name: string } | null;
  certificateNumber: string | null;
  /** What the change said (an amount in minor units, a reason, roles…), as written. */
  details: Record<string, unknown>;
}

export interface AuditPage {
  items: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
  /** The kinds this reader may see (the filter offers these). */
  kinds: AuditKind[];
  /** The days the page covers, in the company's zone, and its currency (the details' amounts). */
  period: ResolvedPeriod;
  currency: string;
  /** The person the page is filtered to, when it is. */
  person: { id: string; name: string } | null;
}

/** The details an entry's reader is told, in this order; an entry's other details (ids) stay in the database. */
export const AUDIT_DETAILS = [
  'amount',
  'denomination',
  'quantity',
  'orderNumber',
  'transactionNumber',
  'roles',
  'previousRoles',
  'reason',
  'comment',
  'name',
  'recipient',
  'url',
  'prefix',
  'scopes',
  'operation',
  'status',
  'number',
  'failures',
  'windowMinutes',
  'tillMax',
  'certificateMax',
] as const;
export type AuditDetail = (typeof AUDIT_DETAILS)[number];
const MONEY_DETAILS: readonly AuditDetail[] = ['amount', 'denomination'];
const ROLE_DETAILS: readonly AuditDetail[] = ['roles', 'previousRoles'];

/**
 * An entry's details as label and text, the same on the screen and in the file: money through `money` (minor units),
 * roles through `role` (their names), the rest as written.
 */
export function auditDetails(
  details: Record<string, unknown>,
  say: { money: (minor: number) => string; roles: (roles: Role[]) => string },
): { detail: AuditDetail; text: string }[] {
  return AUDIT_DETAILS.flatMap((detail) => {
    const value = details[detail];
    if (value === undefined || value === null || value === '') return [];
    if (MONEY_DETAILS.includes(detail) && typeof value === 'number') return [{ detail, text: say.money(value) }];
    if (ROLE_DETAILS.includes(detail) && Array.isArray(value))
      return [{ detail, text: say.roles(ROLES.filter((role) => value.includes(role))) }];
    return [{ detail, text: Array.isArray(value) ? value.join(', ') : String(value) }];
  });
}
