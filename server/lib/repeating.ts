import type { Logger } from './log';

export interface Repeating {
  /** Stops the runs and waits for the one in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs` (and once at the start when `atStart`), one run at a time: a slow run delays the next
 * instead of overlapping it, and a failed one is logged as `<what> failed` and the next one tries again. The timer
 * keeps no process alive.
 */
export function repeatEvery(log: Logger, what: string, everyMs: number, run: () => Promise<void>, atStart = false): Repeating {
  const guarded = async () => {
    try {
      await run();
    } catch (error) {
      log.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) });
    }
  };
  let running: Promise<void> = atStart ? guarded() : Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(guarded);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
