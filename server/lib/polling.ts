/** A worker that drains a table: one pass now, or passes every `pollMs` until stopped (the mail and webhook outboxes). */
export interface PollingWorker<Result> {
  /** Does everything that is due now. */
  processDue(): Promise<Result>;
  /** Runs a pass every pollMs until stop(). */
  start(): void;
  /** Stops polling and waits for the running pass. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` (which checks `goOn` between batches) by hand or on a timer, one pass at a time: the next is scheduled
 * `pollMs` after the last ends, and a failed pass is reported to `onError` and tried again at the next tick.
 */
export function pollingWorker<Result>(
  pass: (goOn: () => boolean) => Promise<Result>,
  pollMs: number,
  onError: (error: unknown) => void,
): PollingWorker<Result> {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const tick = async (): Promise<void> => {
    timer = undefined;
    running = pass(() => !stopped).catch(onError);
    await running;
    running = undefined;
    if (!stopped) timer = setTimeout(() => void tick(), pollMs);
  };

  return {
    processDue: () => pass(() => true),
    start() {
      if (!stopped) return;
      stopped = false;
      // A pass still running from before a stop() schedules the next one itself.
      if (!running) timer = setTimeout(() => void tick(), 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
