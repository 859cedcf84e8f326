import type { ApiPath } from './api-routes';
import { createStore } from './store';
import { useStore } from './use-store';

/**
 * Whether the server can be reached. navigator.onLine and its events give the
 * first word, but a dead Wi-Fi or a captive portal keeps onLine true: so a
 * request that fails for want of a network (`markUnreachable`) asks
 * /api/health, and while that fails the device counts as offline and asks
 * again with back-off (2 s doubling to 30 s). Only our own health answer counts
 * as "back": a captive portal's page does not.
 */
const PROBE_TIMEOUT_MS = 4000;
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;
/** Asked with fetch itself, not the API client: the client's failures would start another probe. */
const HEALTH_PATH: ApiPath<'get'> = '/api/health';

const onlineStore = createStore<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);
let retryMs = FIRST_RETRY_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: { generation: number; answer: Promise<boolean> } | undefined;
/**
 * Counts `offline` events. A probe or a request that started before the latest
 * one may answer after it, and must not turn the state back to online.
 */
let generation = 0;

/** Read before a request leaves; pass it to `markReachable` when the answer comes. */
export const onlineGeneration = (): number => generation;
const current = (startedAt: number): boolean => startedAt === generation && navigator.onLine;

const healthy = async (): Promise<boolean> => {
  try {
    const base = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
    const response = await fetch(base + HEALTH_PATH, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return ((await response.json()) as { data?: { status?: string } }).data?.status === 'ok';
  } catch {
    return false;
  }
};

const probeServer = async (startedAt: number): Promise<boolean> => {
  const ok = navigator.onLine && (await healthy());
  // The network went away (and maybe came back) while we asked: only a probe of the present counts.
  if (startedAt !== generation) return navigator.onLine ? checkReachable() : false;
  const reachable = ok && current(startedAt);
  onlineStore.set(reachable);
  if (reachable) retryMs = FIRST_RETRY_MS;
  // With navigator offline the `online` event brings the next check.
  else if (navigator.onLine) {
    timer = setTimeout(() => void checkReachable(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }
  return reachable;
};

/** Asks the server now (or joins the question already asked since the last `offline`); online when it answers. */
export const checkReachable = (): Promise<boolean> => {
  clearTimeout(timer);
  if (inFlight?.generation === generation) return inFlight.answer;
  const answer = probeServer(generation).finally(() => {
    if (inFlight?.answer === answer) inFlight = undefined;
  });
  inFlight = { generation, answer };
  return answer;
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void checkReachable());
  window.addEventListener('offline', () => {
    generation += 1;
    clearTimeout(timer);
    onlineStore.set(false);
  });
}

export const isOnline = (): boolean => onlineStore.get();
/** A request failed for want of a network: find out whether the server is gone (the banner shows while it is). */
export const markUnreachable = (): void => {
  if (onlineStore.get()) void checkReachable();
};
/** Our server answered a request that left at `startedAt` (onlineGeneration): it is reachable, unless the network went since. */
export const markReachable = (startedAt: number): void => {
  if (!current(startedAt)) return;
  clearTimeout(timer);
  retryMs = FIRST_RETRY_MS;
  onlineStore.set(true);
};
export const subscribeOnline = onlineStore.subscribe;

/** True while the server is believed reachable; redemption and other server actions wait for it. */
export const useOnline = (): boolean => useStore(onlineStore);
