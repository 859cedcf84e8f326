import { regionBrand, regionDefaultColor } from '@contract/brand';
import type { Region } from '@contract/enums';
import { css } from '@styled/css';
import { useMatches } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { checkReachable, useOnline } from '@/lib/online';
import { applyUpdate, dismissUpdate, pwaStore, registerPwa } from '@/lib/pwa';
import { pageAccess } from '@/lib/router-meta';
import { hasSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { useShell } from './use-shell';

const banner = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minHeight: '10',
  px: '4',
  py: '2',
  bg: '#3d2c00',
  color: 'white',
  fontWeight: 'semibold',
  fontSize: 'sm',
  textAlign: 'center',
  // In view whatever the scroll: a cashier must not forget that what the screen shows is not live (issue 35).
  position: 'sticky',
  top: 0,
  zIndex: 21,
});
const prompt = css({
  position: 'fixed',
  insetInline: '4',
  bottom: '4',
  marginInline: 'auto',
  maxWidth: '480px',
  zIndex: 90,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  bg: 'surface',
  borderRadius: 'card',
  borderInlineStartWidth: '6px',
  borderColor: 'accent',
  boxShadow: '0 8px 24px rgba(20,20,50,0.25)',
  p: '4',
});

const setLink = (rel: string, href: string): void => {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
};

/** One manifest per region (name, logo, theme colour): the region comes from the host, so the link is set here. */
const useRegionManifest = (region: Region) =>
  useEffect(() => {
    setLink('manifest', `/manifest-${region}.webmanifest`);
    setLink('apple-touch-icon', `/icons/${regionBrand(region)}-180.png`);
  }, [region]);

/** The browser's toolbar takes the accent colour too. */
const useThemeColor = (color: string) =>
  useEffect(() => {
    document.head.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [color]);

/**
 * "Works offline now" waits for a signed-in page (decision 066): on /login and the other auth pages it only got in
 * the way, and the person it helps is the one working in the portal. Not the till either (decision 087): there it
 * covered the history the cashier reads; it is said on the next page instead.
 */
function useOfflineReadyNotice() {
  const { offlineReady } = useStore(pwaStore);
  const noticePage = useMatches({
    select: (matches) => pageAccess(matches) !== 'public' && !matches.some((match) => match.routeId === '/_app/redemption'),
  });
  useEffect(() => {
    if (!offlineReady || !noticePage || !hasSession()) return;
    pwaStore.set((state) => ({ ...state, offlineReady: false }));
    showToast({ tone: 'success', messageId: 'pwa.offlineReady', lifeMs: 5000 });
  }, [offlineReady, noticePage]);
}

/**
 * What the installable, offline-capable app adds around every layout: the
 * service worker and its update prompt, the "works offline" notice, the offline banner, the region's
 * manifest and theme colour. Loaded lazily by the root route after the first paint.
 */
export default function PwaChrome() {
  const { user, region } = useShell();
  useRegionManifest(region);
  useThemeColor(user.settings?.color ?? regionDefaultColor(region));
  useEffect(() => {
    registerPwa();
    // navigator.onLine cannot see a captive portal: one look at /api/health on start tells.
    if (navigator.onLine) void checkReachable();
  }, []);
  useOfflineReadyNotice();
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
    </>
  );
}

function OfflineBanner() {
  const intl = useIntl();
  const online = useOnline();
  const ref = useRef<HTMLDivElement>(null);
  // The sticky header sits below the banner: it is told the banner's height, which wraps on a phone.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--offline-banner-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--offline-banner-height');
    };
  }, [online]);
  if (online) return null;
  return (
    <div ref={ref} role="status" className={banner} data-testid="offline-banner">
      {intl.formatMessage({ id: 'pwa.offlineBanner' })}
    </div>
  );
}

function UpdatePrompt() {
  const intl = useIntl();
  const { needRefresh } = useStore(pwaStore);
  if (!needRefresh) return null;
  return (
    <section aria-labelledby="update-prompt-text" className={prompt} data-testid="update-prompt">
      <p id="update-prompt-text" role="status" className={css({ flex: '1 1 220px' })}>
        {intl.formatMessage({ id: 'pwa.updateReady' })}
      </p>
      <Button onClick={() => void applyUpdate()} data-testid="update-reload">
        {intl.formatMessage({ id: 'pwa.reload' })}
      </Button>
      <Button tone="ghost" onClick={dismissUpdate}>
        {intl.formatMessage({ id: 'pwa.later' })}
      </Button>
    </section>
  );
}
