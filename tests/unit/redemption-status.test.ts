import { createHash } from 'node:crypto';
import { rolesAllow } from '@contract/access';
import type { CertificateView } from '@contract/schemas/redemption';
import { describe, expect, it } from 'vitest';
import { attemptFor, outcomeUnknown } from '@/features/redemption/attempt';
import { cameraProblem, nextCamera, shouldDetect } from '@/features/redemption/camera';
import { pinDigest } from '@/features/redemption/check-key';
import { redemptionKeys } from '@/features/redemption/queries';
import { FEW_REDEMPTIONS_LEFT, isRedeemable, resultOfFailure, resultOfView, type FoundCertificate } from '@/features/redemption/status';
import { VIBRATION } from '@/features/redemption/vibrate';
import { HttpError } from '@/lib/http';

const card = (patch: Partial<FoundCertificate> = {}): CertificateView => ({
  status: 'active',
  id: 'c1',
  number: '7000000000000013',
  product: { id: 'p1', name: 'Card' },
  orderNumber: 'DEMO-001',
  purchaseDate: '2025-01-01T00:00:00.000Z',
  validUntil: '2026-01-01T00:00:00.000Z',
  denomination: 5000,
  balance: 5000,
  currency: 'RUB',
  redemptionsLeft: null,
  holder: null,
  history: [],
  ...patch,
});

describe('the result band (decision 64)', () => {
  const stateOf = (view: CertificateView) => resultOfView(view).state;

  it('is green for a card that takes a redemption, amber when only the last one is left', () => {
    expect(stateOf(card())).toBe('valid');
    expect(stateOf(card({ redemptionsLeft: FEW_REDEMPTIONS_LEFT + 1 }))).toBe('valid');
    expect(stateOf(card({ redemptionsLeft: FEW_REDEMPTIONS_LEFT }))).toBe('partial');
    expect(FEW_REDEMPTIONS_LEFT).toBe(1);
  });

  it.each([
    ['expired', { status: 'expired' }, 'expired'],
    ['blocked', { status: 'blocked' }, 'blocked'],
    ['redeemed', { status: 'redeemed', balance: 0 }, 'redeemed'],
    ['active with no balance', { balance: 0 }, 'redeemed'],
    ['active with no visits left', { redemptionsLeft: 0 }, 'redeemed'],
  ] as const)('is red for a %s card, with the reason', (_name, patch, reason) => {
    const view = card(patch as Partial<FoundCertificate>);
    expect(resultOfView(view)).toEqual({ state: 'refused', reason, view });
  });

  it('is red for a wrong PIN', () => {
    expect(resultOfView({ status: 'incorrectPin', number: '7000000000000013' })).toEqual({ state: 'refused', reason: 'incorrectPin' });
  });

  it('is red for an unknown number and for locks (with whole minutes to wait), and asks to try again without an answer', () => {
    expect(resultOfFailure(new HttpError('http', 404, 'CERTIFICATE_NOT_FOUND'))).toEqual({ state: 'refused', reason: 'notFound' });
    expect(resultOfFailure(new HttpError('http', 429, 'CERTIFICATE_LOCKED', {}, 61))).toEqual({
      state: 'refused',
      reason: 'locked',
      retryMinutes: 2,
    });
    expect(resultOfFailure(new HttpError('http', 429, 'TOO_MANY_LOOKUPS', {}, 5))).toEqual({
      state: 'refused',
      reason: 'tooManyLookups',
      retryMinutes: 1,
    });
    expect(resultOfFailure(new HttpError('http', 500, 'SERVER_ERROR'))).toEqual({ state: 'failed' });
    expect(resultOfFailure(new HttpError('http', 503, null))).toEqual({ state: 'failed' });
    expect(resultOfFailure(new HttpError('http', 503, 'SERVER_BUSY', {}, 1))).toEqual({ state: 'failed', busy: true });
    expect(resultOfFailure(new HttpError('network', 0, null))).toEqual({ state: 'failed' });
    expect(resultOfFailure(new HttpError('timeout', 0, null))).toEqual({ state: 'failed' });
    expect(resultOfFailure(new TypeError('Failed to fetch'))).toEqual({ state: 'failed' });
  });

  it('leaves field errors and other refusals to the form', () => {
    const fields = { number: 'CERTIFICATE_NUMBER_INVALID' } as const;
    expect(resultOfFailure(new HttpError('http', 422, 'CERTIFICATE_NUMBER_INVALID', fields))).toBeNull();
    expect(resultOfFailure(new HttpError('http', 403, 'MEMBERSHIP_BLOCKED'))).toBeNull();
  });

  it('buzzes short for success and longer for a refusal', () => {
    const length = (pattern: readonly number[]) => pattern.reduce((sum, ms) => sum + ms, 0);
    expect(length(VIBRATION.refusal)).toBeGreaterThan(length(VIBRATION.success));
  });
});

describe('who and what may be redeemed', () => {
  it('redeemers and admins redeem; accountants only check', () => {
    expect(rolesAllow(['roleRedeemer'], 'redeem')).toBe(true);
    expect(rolesAllow(['roleAdmin'], 'redeem')).toBe(true);
    expect(rolesAllow(['roleAccountant'], 'redeem')).toBe(false);
    expect(rolesAllow(['roleAccountant'], 'checkCertificates')).toBe(true);
    expect(rolesAllow(['roleAccountant', 'roleRedeemer'], 'redeem')).toBe(true);
    expect(rolesAllow([], 'redeem')).toBe(false);
  });

  it('only an active card with money and visits left takes a redemption', () => {
    expect(isRedeemable(card())).toBe(true);
    expect(isRedeemable(card({ redemptionsLeft: 2 }))).toBe(true);
    expect(isRedeemable(card({ redemptionsLeft: 0 }))).toBe(false);
    expect(isRedeemable(card({ balance: 0 }))).toBe(false);
    expect(isRedeemable({ ...card(), status: 'expired' } as CertificateView)).toBe(false);
    expect(isRedeemable({ status: 'incorrectPin', number: '7000000000000013' })).toBe(false);
  });
});

describe('Idempotency-Key of a confirmed redemption', () => {
  const body = { supplierId: 's1', number: '7000000000000013', pin: '111111', amount: 1000 };
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it('a retry of the same body keeps its key; another amount or certificate gets a new one', () => {
    const first = attemptFor(null, body, newKey);
    expect(attemptFor(first, { ...body }, newKey)).toBe(first);
    expect(attemptFor(first, { ...body, amount: 1001 }, newKey).key).not.toBe(first.key);
    expect(attemptFor(first, { ...body, number: '7000000000000021' }, newKey).key).not.toBe(first.key);
  });

  it('keeps the key only while the outcome is unknown', () => {
    expect(outcomeUnknown(new HttpError('network', 0, null))).toBe(true);
    expect(outcomeUnknown(new HttpError('timeout', 0, null))).toBe(true);
    expect(outcomeUnknown(new HttpError('http', 502, null))).toBe(true);
    // Refused before anything ran (decision 068): known, the key is not kept.
    expect(outcomeUnknown(new HttpError('http', 503, 'SERVER_BUSY', {}, 1))).toBe(false);
    expect(outcomeUnknown(new HttpError('http', 409, 'IDEMPOTENCY_IN_PROGRESS'))).toBe(true);
    expect(outcomeUnknown(new HttpError('http', 422, 'AMOUNT_EXCEEDS_BALANCE'))).toBe(false);
    expect(outcomeUnknown(new HttpError('http', 403, 'FORBIDDEN'))).toBe(false);
  });
});

describe('scanner rules', () => {
  it('decodes at most every 100 ms and never two frames at once', () => {
    expect(shouldDetect(0, null, false)).toBe(true);
    expect(shouldDetect(50, 0, false)).toBe(false);
    expect(shouldDetect(100, 0, false)).toBe(true);
    expect(shouldDetect(500, 0, true)).toBe(false);
  });

  it('tells a refused camera from a missing or busy one', () => {
    const error = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraProblem(error('NotAllowedError'))).toBe('denied');
    expect(cameraProblem(error('NotFoundError'))).toBe('noCamera');
    expect(cameraProblem(error('OverconstrainedError'))).toBe('noCamera');
    expect(cameraProblem(error('NotReadableError'))).toBe('busy');
    expect(cameraProblem('weird')).toBe('failed');
  });

  it('switches to the next camera, wrapping round', () => {
    expect(nextCamera(['a'], 'a')).toBeUndefined();
    expect(nextCamera(['a', 'b', 'c'], 'a')).toBe('b');
    expect(nextCamera(['a', 'b', 'c'], 'c')).toBe('a');
    expect(nextCamera(['a', 'b'], undefined)).toBe('a');
  });
});

describe('query keys', () => {
  it('keep a check under the company, the number as typed on cards and the PIN digest, never the PIN', async () => {
    const digest = await pinDigest('7000 0000 0000 0013', '111111');
    const key = redemptionKeys.check('s1', '7000 0000 0000 0013', digest);
    expect(key).toEqual(['redemption', 's1', 'check', '7000000000000013', digest]);
    expect(JSON.stringify(key)).not.toContain('111111');
    expect(redemptionKeys.check('s1', 'x', digest).slice(0, 3)).toEqual(redemptionKeys.checks('s1'));
    expect(redemptionKeys.histories('s1')).toEqual(['redemption', 's1', 'history']);
  });
});

describe('PIN digest (what a saved check is found by offline)', () => {
  it('is the SHA-256 of number:PIN in hex, the number normalised as for the check', async () => {
    const expected = createHash('sha256').update('7000000000000013:111111').digest('hex');
    expect(await pinDigest('7000000000000013', '111111')).toBe(expected);
    expect(await pinDigest('7000 0000 0000 0013', ' 111111 ')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another PIN or another number, so a wrong PIN finds nothing saved', async () => {
    const right = await pinDigest('7000000000000021', '222222');
    expect(await pinDigest('7000000000000021', '222223')).not.toBe(right);
    expect(await pinDigest('7000000000000013', '222222')).not.toBe(right);
    // No shift between number and PIN gives the same input.
    expect(await pinDigest('70000000000000212', '22222')).not.toBe(right);
  });
});
