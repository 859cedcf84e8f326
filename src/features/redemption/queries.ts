import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateView, RedeemResult } from '@/contract/schemas/redemption';
import { post } from '@/lib/http';
import type { RedeemBody } from './attempt';
import { normalizeNumber } from './certificate-number';

export const REDEMPTION_PATHS = {
  check: '/api/front/redemption/check',
  redeem: '/api/front/redemption/redeem',
} as const;

/**
 * Query keys of the redemption screen. A check is a POST, but its answer is
 * kept under `check(supplierId, number)` so the card can be shown again (and
 * the offline work can persist it). The PIN is never part of a key or a value.
 */
export const redemptionKeys = {
  all: ['redemption'] as const,
  supplier: (supplierId: string) => [...redemptionKeys.all, supplierId] as const,
  checks: (supplierId: string) => [...redemptionKeys.supplier(supplierId), 'check'] as const,
  check: (supplierId: string, number: string) => [...redemptionKeys.checks(supplierId), normalizeNumber(number)] as const,
  histories: (supplierId: string) => [...redemptionKeys.supplier(supplierId), 'history'] as const,
};

export interface CheckBody {
  supplierId: string;
  number: string;
  pin: string;
}

// The screen shows every failure next to its field or in the form: no toasts.
export const checkCertificate = (body: CheckBody) => post<CertificateView>(REDEMPTION_PATHS.check, body, { quiet: true });

export const redeemCertificate = ({ body, key }: { body: RedeemBody; key: string }) =>
  post<RedeemResult>(REDEMPTION_PATHS.redeem, body, { quiet: true, headers: { 'Idempotency-Key': key } });

/** The last check answer for a number, read from the cache (a check is only ever run by the mutation). */
export const useCheckedCertificate = (checked: { supplierId: string; number: string } | null) =>
  useQuery<CertificateView>({ queryKey: checked ? redemptionKeys.check(checked.supplierId, checked.number) : [...redemptionKeys.all, 'none'], queryFn: skipToken });

export function useCheckMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...redemptionKeys.all, 'check'],
    mutationFn: checkCertificate,
    onSuccess: (view, body) => queryClient.setQueryData(redemptionKeys.check(body.supplierId, body.number), view),
  });
}

export function useRedeemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...redemptionKeys.all, 'redeem'],
    mutationFn: redeemCertificate,
    onSuccess: (result, { body }) => {
      queryClient.setQueryData(redemptionKeys.check(body.supplierId, body.number), result.certificate);
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.histories(body.supplierId) });
    },
  });
}
