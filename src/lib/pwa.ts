import { saveDrafts } from './drafts';
import { createStore } from './store';

/**
 * The service worker and installation (decision 28). The worker precaches the
 * shell, every route chunk, the locale bundles, icons and the scanner's wasm
 * (vite.config.ts). With registerType "prompt" a new build waits until the user
 * agrees to reload: nothing reloads by itself, and what was typed is put back
 * after the reload (drafts.ts).
 * Loaded after the first paint (src/features/shell/pwa-chrome.tsx), not with /login.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  /** A new version is installed and waiting. */
  needRefresh: boolean;
  /** The browser offered installation (beforeinstallprompt). */
  canInstall: boolean;
  /** Everything is precached and the notice not shown yet: the shell shows it after sign-in (decision 066). */
  offlineReady: boolean;
}

export const pwaStore = createStore<PwaState>({ needRefresh: false, canInstall: false, offlineReady: false });

/** How often an open portal asks for a new version (a till may stay open all day). */
const UPDATE_CHECK_MS = 30 * 60_000;

let updateSW: ((reload?: boolean) => Promise<void>) | null = null;
let installEvent: BeforeInstallPromptEvent | null = null;
let started = false;

export const registerPwa = (): void => {
  if (started || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  started = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own button offers it
    installEvent = event as BeforeInstallPromptEvent;
    pwaStore.set((state) => ({ ...state, canInstall: true }));
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    pwaStore.set((state) => ({ ...state, canInstall: false }));
  });
  void import('virtual:pwa-register').then(({ registerSW }) => {
    updateSW = registerSW({
      immediate: true,
      onNeedRefresh: () => pwaStore.set((state) => ({ ...state, needRefresh: true })),
      onOfflineReady: () => pwaStore.set((state) => ({ ...state, offlineReady: true })),
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        const check = () => {
          if (navigator.onLine) registration.update().catch(() => undefined);
        };
        setInterval(check, UPDATE_CHECK_MS);
        window.addEventListener('online', check);
      },
    });
  });
};

/**
 * Takes the waiting version into use and reloads (only ever on the user's word). The reload follows the new worker
 * taking control; workbox-window does that only for pages that were controlled when they registered, so we listen
 * ourselves too, with a late reload as the last resort.
 */
export const applyUpdate = async (): Promise<void> => {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    saveDrafts();
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  await updateSW?.(true);
  setTimeout(reload, 3000);
};

export const dismissUpdate = (): void => pwaStore.set((state) => ({ ...state, needRefresh: false }));

export const promptInstall = async (): Promise<void> => {
  const event = installEvent;
  if (!event) return;
  await event.prompt();
  await event.userChoice.catch(() => undefined);
  installEvent = null;
  pwaStore.set((state) => ({ ...state, canInstall: false }));
};

/** iOS Safari never offers beforeinstallprompt: it gets a short "Share → Add to Home Screen" hint. */
export const needsIosInstallHint = (): boolean => {
  if (typeof navigator === 'undefined') return false;
  const ios = /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true || matchMedia('(display-mode: standalone)').matches;
  return ios && !standalone && /safari/i.test(navigator.userAgent) && !/crios|fxios|edgios/i.test(navigator.userAgent);
};
