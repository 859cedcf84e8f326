import type { CertificateView, CheckStatus } from '@/contract/schemas/redemption';
import type { MessageId } from '@/lib/message-id';

export type BadgeTone = 'success' | 'neutral' | 'warning' | 'danger';

/** SPEC §4 check statuses → the badge on the result card. */
export const STATUS_BADGE: Record<CheckStatus, { tone: BadgeTone; messageId: MessageId }> = {
  active: { tone: 'success', messageId: 'redemption.status.active' },
  redeemed: { tone: 'neutral', messageId: 'redemption.status.redeemed' },
  expired: { tone: 'warning', messageId: 'redemption.status.expired' },
  blocked: { tone: 'danger', messageId: 'redemption.status.blocked' },
  incorrectPin: { tone: 'danger', messageId: 'redemption.status.incorrectPin' },
};

export type FoundCertificate = Exclude<CertificateView, { status: 'incorrectPin' }>;

/** Whether the card can take a redemption at all: active, money left, visits left. */
export const isRedeemable = (view: CertificateView): view is FoundCertificate =>
  view.status === 'active' && view.balance > 0 && (view.redemptionsLeft === null || view.redemptionsLeft > 0);
