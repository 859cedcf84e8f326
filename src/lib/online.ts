import { createStore } from './store';
import { useStore } from './use-store';

/**
 * Whether the server can be reached. Starts from navigator.onLine and follows
 * its events; `markUnreachable()` after a failed request lets a dead Wi-Fi or a
 * captive portal count as offline too (the PWA issue adds the health probe).
 */
const onlineStore = createStore<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => onlineStore.set(true));
  window.addEventListener('offline', () => onlineStore.set(false));
}

export const isOnline = (): boolean => onlineStore.get();
export const markUnreachable = (): void => onlineStore.set(false);
export const markReachable = (): void => onlineStore.set(true);
export const subscribeOnline = onlineStore.subscribe;

/** True while the server is believed reachable; redemption and other server actions wait for it. */
export const useOnline = (): boolean => useStore(onlineStore);
