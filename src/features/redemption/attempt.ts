import { HttpError } from '@/lib/http';

/** One confirmed redemption: its Idempotency-Key and the body it was made for. */
export interface Attempt {
  key: string;
  signature: string;
}

export interface RedeemBody {
  supplierId: string;
  number: string;
  pin: string;
  amount: number;
}

const signatureOf = (body: RedeemBody): string => JSON.stringify([body.supplierId, body.number, body.pin, body.amount]);

/**
 * The key for a confirmed redemption. A retry of the same body after an answer
 * that left the outcome unknown keeps the first key, so the server replays the
 * first answer instead of spending twice; any other body gets a new key.
 */
export const attemptFor = (pending: Attempt | null, body: RedeemBody, newKey: () => string = () => crypto.randomUUID()): Attempt => {
  const signature = signatureOf(body);
  return pending?.signature === signature ? pending : { key: newKey(), signature };
};

/**
 * Whether we cannot know if the server spent the money: the request never got
 * an answer (network, timeout), the server failed, or the first try with this
 * key is still running. Only then is the key kept for a retry. A busy server's
 * refusal is known: it came before anything was done (decision 068).
 */
export const outcomeUnknown = (error: unknown): boolean =>
  !(error instanceof HttpError) ||
  error.kind !== 'http' ||
  (error.status >= 500 && error.code !== 'SERVER_BUSY') ||
  error.code === 'IDEMPOTENCY_IN_PROGRESS';
