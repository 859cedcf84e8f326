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

const onlineStore = createStore<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);
let retryMs = FIRST_RETRY_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
let probing = false;

const healthy = async (): Promise<boolean> => {
  try {
    const base = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
    const response = await fetch(`${base}/api/health`, { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return ((await response.json()) as { data?: { status?: string } }).data?.status === 'ok';
  } catch {
    return false;
  }
};

/** Asks the server now; online when it answers, else offline with the next try scheduled. */
export const checkReachable = async (): Promise<boolean> => {
  clearTimeout(timer);
  if (probing) return onlineStore.get();
  probing = true;
  const ok = navigator.onLine && (await healthy());
  probing = false;
  onlineStore.set(ok);
  if (ok) retryMs = FIRST_RETRY_MS;
  // With navigator offline the `online` event brings the next check.
  else if (navigator.onLine) {
    timer = setTimeout(() => void checkReachable(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }
  return ok;
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void checkReachable());
  window.addEventListener('offline', () => {
    clearTimeout(timer);
    onlineStore.set(false);
  });
}

export const isOnline = (): boolean => onlineStore.get();
/** A request failed for want of a network: find out whether the server is gone (the banner shows while it is). */
export const markUnreachable = (): void => {
  if (onlineStore.get()) void checkReachable();
};
/** Our server answered: it is reachable. */
export const markReachable = (): void => {
  clearTimeout(timer);
  retryMs = FIRST_RETRY_MS;
  onlineStore.set(true);
};
export const subscribeOnline = onlineStore.subscribe;

/** True while the server is believed reachable; redemption and other server actions wait for it. */
export const useOnline = (): boolean => useStore(onlineStore);
