import type { Role } from '@/contract/enums';
import type { CertificateView, CheckStatus } from '@/contract/schemas/redemption';

export type BadgeTone = 'success' | 'neutral' | 'warning' | 'danger';

/** SPEC §4 check statuses → the badge on the result card. */
export const STATUS_BADGE: Record<CheckStatus, { tone: BadgeTone; messageId: string }> = {
  active: { tone: 'success', messageId: 'redemption.status.active' },
  redeemed: { tone: 'neutral', messageId: 'redemption.status.redeemed' },
  expired: { tone: 'warning', messageId: 'redemption.status.expired' },
  blocked: { tone: 'danger', messageId: 'redemption.status.blocked' },
  incorrectPin: { tone: 'danger', messageId: 'redemption.status.incorrectPin' },
};

/** Who may spend (docs/decisions.md): the server refuses everyone else with 403 anyway. */
export const REDEEM_ROLES: readonly Role[] = ['roleRedeemer', 'roleAdmin'];
export const mayRedeem = (roles: readonly Role[]): boolean => roles.some((role) => REDEEM_ROLES.includes(role));

export type FoundCertificate = Exclude<CertificateView, { status: 'incorrectPin' }>;

/** Whether the card can take a redemption at all: active, money left, visits left. */
export const isRedeemable = (view: CertificateView): view is FoundCertificate =>
  view.status === 'active' && view.balance > 0 && (view.redemptionsLeft === null || view.redemptionsLeft > 0);
