import type { Role } from './enums';
import type { MailDelivery } from './mail';
import type { TokenPair } from './schemas/auth';

/**
 * What the users calls answer (decisions 53, 074). A person's status is per company:
 * `invited` until they accept the invitation (`invitationExpired` once its link has
 * run out) — not a member yet, shown with what the company typed — `blocked` while
 * this company has blocked them (or the marketplace has blocked the account), else `active`.
 */
export type MemberStatus = 'active' | 'blocked' | 'invited' | 'invitationExpired';

/** How a person is named in a company's lists and history: last name first. */
export const personName = (person: { firstName: string; secondName: string }): string => `${person.secondName} ${person.firstName}`;

export interface MemberListItem {
  id: string;
  firstName: string;
  secondName: string;
  email: string;
  phone: string;
  roles: Role[];
  status: MemberStatus;
}

export interface MemberList {
  items: MemberListItem[];
  page: number;
  pageSize: number;
  total: number;
}

/** The audit log's entries about one person in one company, newest first. */
export const MEMBER_ACTIONS = [
  'added',
  'invited',
  'invitationResent',
  'invitationAccepted',
  'invitationDeclined',
  'invitationWithdrawn',
  'rolesChanged',
  'blocked',
  'unblocked',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

export interface MemberHistoryEntry {
  id: string;
  action: MemberAction;
  /** ISO 8601. */
  at: string;
  /** Who did it: null for the person themselves (accepting) or someone since removed. */
  actor: { id: string; name: string } | null;
  /** rolesChanged: before and after; added and invited: the roles given. */
  roles?: Role[];
  previousRoles?: Role[];
  /** blocked: the reason typed, if any. */
  reason?: string;
}

export interface MemberDetails extends MemberListItem {
  /** ISO 8601: when the person joined this company. */
  addedAt: string;
  /**
   * The pending invitation: when its link stops working (ISO 8601), and where its latest mail is (decision 082: a
   * refusal by the person's mail server shows here).
   */
  invitation: { expiresAt: string; mail: MailDelivery | null } | null;
  /** The caller themselves: their own roles and block are not theirs to change. */
  isSelf: boolean;
  history: MemberHistoryEntry[];
}

/** How long an invitation link works; resending starts it again (decision 53). */
export const INVITATION_TTL_DAYS = 7;

/** The invitation link's check: enough to greet the person, and whether they set a password or give theirs. */
export interface InvitationView {
  email: string;
  firstName: string;
  companyName: string;
  expiresAt: string;
  account: 'new' | 'existing';
}

/** An invitation waiting for the signed-in person's answer (decision 074). */
export interface MyInvitation {
  supplierId: string;
  companyName: string;
  roles: Role[];
  /** ISO 8601. */
  expiresAt: string;
  /** Who invited, when known. */
  invitedBy: string | null;
}

/** Accepting signs in; the PWA opens the company and lands a redeemer on the till. */
export interface AcceptedInvitation extends TokenPair {
  supplierId: string;
  roles: Role[];
}
