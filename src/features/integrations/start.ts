import { CHAT_REGIONS } from '@contract/site';
import type { RegisteredRouter } from '@tanstack/react-router';
import { get, publicCall } from '@/lib/http';
import { mainStore } from '@/lib/main-store';
import { startChat } from './chat';
import { trackPageViews } from './pixel';

/** Resolves once the router has committed its first page (the page may load before the first render), then when idle. */
const afterFirstPaint = (router: RegisteredRouter): Promise<void> =>
  new Promise<void>((resolve) => {
    if (router.state.resolvedLocation) return resolve();
    const stop = router.subscribe('onResolved', () => {
      stop();
      resolve();
    });
  }).then(() => new Promise((resolve) => (window.requestIdleCallback ?? setTimeout)(() => resolve())));

/**
 * SPEC §1's analytics counters and live chat, as this deployment configures them (decision 62). main.tsx
 * imports this once the page has loaded; it waits for the first paint and an idle moment. The configuration
 * is read once per page load, outside React: no query cache needed; the HTTP cache keeps it a few minutes.
 */
export async function startIntegrations(router: RegisteredRouter): Promise<void> {
  await afterFirstPaint(router);
  const site = await get('/api/front/site', publicCall).catch(() => null);
  // Offline or unreachable: this page view goes uncounted and the chat stays away, as they would without us.
  if (!site) return;
  // The site's region (its host), not the chosen language: the counters and the chat belong to a site.
  const { region } = mainStore.get();
  const counters = site.pixels.filter((pixel) => pixel.region === null || pixel.region === region).map((pixel) => pixel.url);
  if (counters.length) trackPageViews(router, counters);
  if (site.chat && CHAT_REGIONS.includes(region)) startChat(site.chat.scriptUrl);
}
