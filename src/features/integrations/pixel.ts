import type { RegisteredRouter } from '@tanstack/react-router';

/**
 * A counter's request for one page view: the page (origin and path only: queries may carry an e-mail or a
 * link's token), where the visitor came from, and a random part so that no cache answers in its place.
 */
export const pixelUrl = (counter: string, page: string, referrer: string, random = Math.random()): string => {
  const url = new URL(counter);
  url.searchParams.set('page', page);
  url.searchParams.set('ref', referrer);
  url.searchParams.set('rnd', random.toString(36).slice(2));
  return url.href;
};

// Held until they settle, so that no image is collected before its request has gone.
const inFlight = new Set<HTMLImageElement>();

const countPageView = (counters: readonly string[], page: string, referrer: string): void => {
  for (const counter of counters) {
    const image = new Image();
    inFlight.add(image);
    image.onload = image.onerror = () => inFlight.delete(image);
    image.src = pixelUrl(counter, page, referrer);
  }
};

/** SPEC §1: every counter sees every page view, the first one and each navigation to another path. */
export function trackPageViews(router: RegisteredRouter, counters: readonly string[]): void {
  const pageOf = (pathname: string) => `${location.origin}${pathname}`;
  let counted: string | null = null;
  const view = (pathname: string) => {
    const page = pageOf(pathname);
    // A change of the search alone (a report's filters) is the same page.
    if (page === counted) return;
    countPageView(counters, page, counted ?? document.referrer);
    counted = page;
  };
  router.subscribe('onResolved', ({ toLocation }) => view(toLocation.pathname));
  // The page on screen now (counted here when it has resolved, else by onResolved when it does).
  const shown = router.state.resolvedLocation;
  if (shown) view(shown.pathname);
}
