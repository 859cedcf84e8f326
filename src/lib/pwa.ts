import { showToast } from './toast';

/**
 * Registers the service worker after the first paint (registerType "prompt"):
 * a new build is announced and taken into use on the next start. The offline
 * work proper comes with a later issue.
 */
export const registerPwa = (): void => {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    registerSW({
      immediate: false,
      onNeedRefresh: () => showToast({ tone: 'info', messageId: 'pwa.updateReady' }),
      onOfflineReady: () => showToast({ tone: 'success', messageId: 'pwa.offlineReady', lifeMs: 5000 }),
    });
  });
};
