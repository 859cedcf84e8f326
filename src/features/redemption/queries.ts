import { normalizeCertificateNumber } from '@contract/redemption';
import type { CertificateView } from '@contract/schemas/redemption';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { get, HttpError, post } from '@/lib/http';
import type { RedeemBody } from './attempt';

/**
 * Query keys of the redemption screen. A check is a POST, but its answer is
 * kept under `check(supplierId, number, pinKey)` (pinKey: `pinDigest` of the
 * number and PIN) so the card can be shown again, and offline from the saved
 * cache after the same number and PIN. The PIN itself is never part of a key or a value.
 */
export const redemptionKeys = {
  all: ['redemption'] as const,
  supplier: (supplierId: string) => [...redemptionKeys.all, supplierId] as const,
  checks: (supplierId: string) => [...redemptionKeys.supplier(supplierId), 'check'] as const,
  check: (supplierId: string, number: string, pinKey: string) =>
    [...redemptionKeys.checks(supplierId), normalizeCertificateNumber(number), pinKey] as const,
  histories: (supplierId: string) => [...redemptionKeys.supplier(supplierId), 'history'] as const,
  /** The till's history: today's entries, the person's own or everyone's. */
  tillHistory: (supplierId: string, mine: boolean) => [...redemptionKeys.histories(supplierId), 'today', mine ? 'mine' : 'all'] as const,
  till: (supplierId: string) => [...redemptionKeys.supplier(supplierId), 'till'] as const,
};

/** How many of today's entries the till lists; the report has the rest. */
export const TILL_HISTORY_SIZE = 20;

export const tillHistoryQuery = (supplierId: string, mine: boolean) =>
  queryOptions({
    queryKey: redemptionKeys.tillHistory(supplierId, mine),
    queryFn: ({ signal }) =>
      get('/api/front/redemption/history', {
        query: { supplierId, today: '1', mine: mine ? '1' : '0', pageSize: String(TILL_HISTORY_SIZE) },
        signal,
        quiet: true,
      }),
  });

/**
 * What the till adapts to in the company (decision 065). Products go live
 * through moderation, rarely: an answer an hour old is good enough, and the
 * saved cache keeps it for the offline till.
 */
export const tillSettingsQuery = (supplierId: string) =>
  queryOptions({
    queryKey: redemptionKeys.till(supplierId),
    queryFn: ({ signal }) => get('/api/front/redemption/till', { query: { supplierId }, signal, quiet: true }),
    staleTime: 60 * 60_000,
  });

export interface CheckBody {
  supplierId: string;
  number: string;
  pin: string;
}

/** A check as the screen keeps it: the body sent, and the key its answer is filed under (never sent). */
export interface CheckTarget extends CheckBody {
  pinKey: string;
}

/** What goes to the server of a check: never the pinKey. */
export const checkBodyOf = ({ supplierId, number, pin }: CheckBody): CheckBody => ({ supplierId, number, pin });
const checkKeyOf = (target: CheckTarget) => redemptionKeys.check(target.supplierId, target.number, target.pinKey);

/** A redemption: its body, its Idempotency-Key, and the pinKey the new card is filed under. */
export interface RedeemRequest {
  body: RedeemBody;
  key: string;
  pinKey: string;
}

// The screen shows every failure next to its field or in the form: no toasts.
export const checkCertificate = (json: CheckBody) => post('/api/front/redemption/check', { json, quiet: true });

export const redeemCertificate = ({ body, key }: RedeemRequest) =>
  post('/api/front/redemption/redeem', { json: body, header: { 'idempotency-key': key }, quiet: true });

/** The last check answer for a number and PIN, read from the (saved) cache: a check is only ever run by the mutation. */
export const useCheckedCertificate = (checked: CheckTarget | null) =>
  useQuery<CertificateView>({
    queryKey: checked ? checkKeyOf(checked) : [...redemptionKeys.all, 'none'],
    queryFn: skipToken,
  });

const CHECK_MUTATION_KEY = [...redemptionKeys.all, 'check'] as const;

/**
 * Checks a certificate. Offline the mutation waits, paused, and runs by itself
 * when the online state says the server is back (the query client resumes
 * paused mutations); a request lost to the network is tried again the same way.
 */
export function useCheckMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CHECK_MUTATION_KEY,
    mutationFn: (target: CheckTarget) => checkCertificate(checkBodyOf(target)),
    retry: (count, error) => count < 3 && error instanceof HttpError && (error.kind === 'network' || error.kind === 'timeout'),
    onSuccess: (view, target) => queryClient.setQueryData(checkKeyOf(target), view),
  });
}

/** Drops a check still waiting for the connection: after the number or PIN changed it must not run (and maybe count a wrong PIN) later. */
export function useDropQueuedChecks() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const cache = queryClient.getMutationCache();
    for (const mutation of cache.findAll({ mutationKey: CHECK_MUTATION_KEY, predicate: (item) => item.state.isPaused }))
      cache.remove(mutation);
  }, [queryClient]);
}

export function useRedeemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...redemptionKeys.all, 'redeem'],
    mutationFn: redeemCertificate,
    // Never queued: it runs now or fails now (the form is disabled offline anyway).
    networkMode: 'always',
    onSuccess: (result, { body, pinKey }) => queryClient.setQueryData(checkKeyOf({ ...body, pinKey }), result.certificate),
    // A refusal is written to the ledger too: the till's history is asked again either way (not awaited: the answer is shown first).
    onSettled: (_result, _error, { body }) => {
      void queryClient.invalidateQueries({ queryKey: redemptionKeys.histories(body.supplierId) });
    },
  });
}
