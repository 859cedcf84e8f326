import type { CertificateView } from '@contract/schemas/redemption';
import { HttpError } from '@/lib/http';

export type FoundCertificate = Exclude<CertificateView, { status: 'incorrectPin' }>;

/** Whether a found certificate can take a redemption at all: active, money left, visits left. */
export const isSpendable = (view: FoundCertificate): boolean =>
  view.status === 'active' && view.balance > 0 && (view.redemptionsLeft === null || view.redemptionsLeft > 0);

/** The same for any check answer: a wrong PIN takes nothing. */
export const isRedeemable = (view: CertificateView): view is FoundCertificate => view.status !== 'incorrectPin' && isSpendable(view);

/** Decision 64: a multi-use certificate with this many redemptions left (or fewer) shows amber, "last redemption". */
export const FEW_REDEMPTIONS_LEFT = 1;

/** Why the till must not accept a certificate, each said in words on the red band. */
export type RefusalReason = 'expired' | 'blocked' | 'redeemed' | 'incorrectPin' | 'notFound' | 'locked' | 'tooManyLookups';

/**
 * The till's answer, shown as one band (decision 64): `valid` (green), `partial`
 * (amber: still valid, few redemptions left), `refused` (red, with the reason),
 * `failed` (the check itself did not go through: try again; `busy` when the server refused it as busy, decision 068).
 */
export type TillResult =
  | { state: 'valid' | 'partial'; view: FoundCertificate }
  | { state: 'refused'; reason: RefusalReason; view?: FoundCertificate; retryMinutes?: number }
  | { state: 'failed'; busy?: true };

export type BandState = TillResult['state'];

/** The band for a check's answer. */
export function resultOfView(view: CertificateView): TillResult {
  if (view.status === 'incorrectPin') return { state: 'refused', reason: 'incorrectPin' };
  if (isSpendable(view)) {
    const few = view.redemptionsLeft !== null && view.redemptionsLeft <= FEW_REDEMPTIONS_LEFT;
    return { state: few ? 'partial' : 'valid', view };
  }
  // An active card with nothing left to spend is as good as redeemed (the server says `redeemed` for it anyway).
  return { state: 'refused', reason: view.status === 'active' ? 'redeemed' : view.status, view };
}

/**
 * The band for a check that failed, or null when the failure belongs next to a
 * field or in the form (a mistyped number, a company the person left…): an
 * unknown number and the PIN locks are answers about the certificate (red); no
 * answer at all (network, timeout, 5xx) is a check to run again.
 */
export function resultOfFailure(error: unknown): TillResult | null {
  if (!(error instanceof HttpError)) return { state: 'failed' };
  if (error.kind !== 'http' || error.status >= 500)
    return error.code === 'SERVER_BUSY' ? { state: 'failed', busy: true } : { state: 'failed' };
  if (Object.keys(error.fields).length > 0) return null;
  const retryMinutes = error.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
  switch (error.code) {
    case 'CERTIFICATE_NOT_FOUND':
      return { state: 'refused', reason: 'notFound' };
    case 'CERTIFICATE_LOCKED':
      return { state: 'refused', reason: 'locked', retryMinutes };
    case 'TOO_MANY_LOOKUPS':
      return { state: 'refused', reason: 'tooManyLookups', retryMinutes };
    default:
      return null;
  }
}
