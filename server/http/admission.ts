import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';

export interface AdmissionLimits {
  /** Requests running at once. */
  concurrent: number;
  /** Requests waiting for a place, first come first served. */
  queued: number;
  /** How long a request may wait for a place before it is refused. */
  waitMs: number;
}

/**
 * A bounded first-in-first-out gate: `enter` resolves true with a place held (give it back with `leave`), or false:
 * no room in the queue, no place within the wait, or the caller gave up (the signal of `abandoned`) while waiting.
 * The signal is asked for only when the request must wait: a request's AbortSignal is built on first use (decision 102).
 */
export function createGate({ concurrent, queued, waitMs }: AdmissionLimits) {
  let running = 0;
  const waiting: { settle: (admitted: boolean) => void }[] = [];
  return {
    enter(abandoned?: () => AbortSignal): Promise<boolean> {
      if (running < concurrent) {
        running += 1;
        return Promise.resolve(true);
      }
      if (waiting.length >= queued) return Promise.resolve(false);
      const signal = abandoned?.();
      if (signal?.aborted) return Promise.resolve(false);
      return new Promise((resolve) => {
        const giveUp = () => {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.settle(false);
        };
        const timer = setTimeout(giveUp, waitMs);
        const waiter = {
          settle: (admitted: boolean) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', giveUp);
            resolve(admitted);
          },
        };
        // A client that went away (a till past its own timeout) must not use up a place when its turn comes.
        signal?.addEventListener('abort', giveUp, { once: true });
        waiting.push(waiter);
      });
    },
    leave(): void {
      const next = waiting.shift();
      // The place passes straight to the longest waiter: nobody arriving now can take it first.
      if (next) next.settle(true);
      else running -= 1;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type Gate = ReturnType<typeof createGate>;

/** Long enough for a queue of a second or so to drain; short, so a till tries again soon (decision 068). */
export const BUSY_RETRY_AFTER_SECONDS = 1;

const refuseBusy = (): never => {
  throw new AppError('SERVER_BUSY', { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS });
};

/**
 * Admission control (decision 068): a request beyond the gate's places and queue is refused before its handler
 * runs, so nothing of it was done and any call may be sent again: 503 SERVER_BUSY with Retry-After unless the
 * routes answer in another form (`refuse`).
 */
export const admission =
  (gate: Gate, refuse: (c: Context) => Response | Promise<Response> = refuseBusy): MiddlewareHandler =>
  async (c, next) => {
    if (!(await gate.enter(() => c.req.raw.signal))) return refuse(c);
    // The request starts on the event loop's next turn. On the embedded database a request's queries resolve without
    // the loop turning, and a place handed on resolves its waiter at once: without this turn, admitted requests ran
    // one after another without the server reading a socket or firing a timer (PGlite p99 4–6 s, answers lost at 10 s).
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await next();
    } finally {
      gate.leave();
    }
  };
