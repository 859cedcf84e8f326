import { ROLES, type Role } from './enums';

/**
 * What a person may do, by name (decision 084). The server authorises with these (requireMembership and the account's
 * checks), every API operation declares the one it needs (`describe({ can })`, `x-capability` in the OpenAPI
 * document), and every page route declares the one it needs (`staticData.access`): tests/unit/access-walk.test.ts
 * holds the two sides together, tests/api/access.test.ts holds the server to its declarations.
 */
export const CAPABILITIES = [
  // Held in the company a request names, through the person's roles in it:
  /** The dashboard's figures, the company's products. */
  'seeCompany',
  /** The till: check a certificate, the till's settings, its history. */
  'checkCertificates',
  'redeem',
  /** The till's history of everyone's redemptions, not only one's own (decision 065). */
  'seeAllRedemptions',
  'readSales',
  'readRedemptions',
  'readLiability',
  /** The company's audit log: each kind of entry also needs its own capability (src/contract/audit.ts). */
  'readAuditLog',
  /** The company's data, its wizard, its offer. */
  'manageCompany',
  'manageUsers',
  'manageCatalogue',
  'manageWidgets',
  'useMarketing',
  /** The company's API keys for its own registers and systems, and its webhooks (issue 32). */
  'manageIntegrations',
  // Held by the account:
  /** By the account's roles (get-info's `roles`); never staff (decision 077). */
  'createCompany',
  /** Marketplace staff, by the account's kind. */
  'moderate',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Decided on the account, not on a membership of the company a request names. */
export type AccountCapability = 'createCompany' | 'moderate';
export type CompanyCapability = Exclude<Capability, AccountCapability>;

const EVERY_MEMBER = ['seeCompany', 'checkCertificates'] as const satisfies readonly Capability[];

/** SPEC §6, once: what each role allows. */
export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  // All a role can allow: moderating is the account kind's, not a role's.
  roleAdmin: CAPABILITIES.filter((capability) => capability !== 'moderate'),
  roleAccountant: [...EVERY_MEMBER, 'seeAllRedemptions', 'readSales', 'readRedemptions', 'readLiability', 'readAuditLog'],
  roleRedeemer: [...EVERY_MEMBER, 'redeem', 'readRedemptions'],
};

/** Who a capability is decided for: roles in the company concerned (or the account's), and the account's kind. */
export interface Holder {
  roles: readonly Role[];
  staff: boolean;
}

/** Whether any of `roles` allows `capability`. */
export const rolesAllow = (roles: readonly Role[], capability: Capability): boolean =>
  roles.some((role) => ROLE_CAPABILITIES[role].includes(capability));

/** The roles that allow `capability` (for a check the database makes). */
export const rolesWith = (capability: Capability): Role[] => ROLES.filter((role) => ROLE_CAPABILITIES[role].includes(capability));

/**
 * Whether the holder may do it. The account's kind decides two capabilities whatever roles a company gave the person
 * (decision 077): staff moderate, and create no company of their own.
 */
export const can = ({ roles, staff }: Holder, capability: Capability): boolean =>
  capability === 'moderate' ? staff : !(staff && capability === 'createCompany') && rolesAllow(roles, capability);
