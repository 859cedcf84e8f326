import type { CompanyCapability } from './access';
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
  'certificates.issued',
  'analytics.reportMailed',
  ...MEMBER_ACTIONS.map((action) => `member.${action}` as const),
  'supplier.create',
  'supplier.submit',
  'supplier.cancel',
  'supplier.approve',
  'supplier.reject',
  'supplier.moderationRefused',
  'product.created',
  'product.edited',
  'product.codeReset',
  'product.submitted',
  'product.reset',
  'product.deleted',
  'product.approved',
  'product.rejected',
  'product.moderationRefused',
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
  money: ['redemption', 'certificate.', 'certificates.', 'analytics.'],
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
  AUDIT_KINDS.find((kind) =>
    AUDIT_KIND_ACTIONS[kind].some((name) => (name.endsWith('.') ? action.startsWith(name) : action === name)),
  );

export const AUDIT_PAGE_SIZE = 50;

/** One entry as the screen shows it: who (none for the system or an API key), what, when, and about whom or what. */
export interface AuditEntryView {
  id: string;
  at: string;
  action: string;
  kind: AuditKind;
  actor: { id: string; name: string; email: string } | null;
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
}
