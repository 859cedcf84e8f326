import './index.css';
import { prerenderMark } from '@contract/prerendered';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getLocale, loadLocaleMessages } from '@/lib/locale';
import { mainStore } from '@/lib/main-store';
import { pageAccess } from '@/lib/router-meta';
import { onSessionEnded } from '@/lib/session';
import { AppRoot, createAppRouter } from './app/router';
import { handOverTypedValues, keepTypingDuringTakeOver } from './app/typed-values';

const router = createAppRouter();

// SPEC §4: a 401 flushes the session and sends the user to /login (back here after sign-in); logout lands there too.
onSessionEnded((reason) => {
  // The query cache goes from memory and from IndexedDB (a shared till must not show the last person's data).
  void import('@/lib/query-client').then((module) => module.wipeQueryCache());
  const here = router.latestLocation;
  if (pageAccess(router.state.matches) === 'public') return;
  void router.navigate({ to: '/login', search: reason === 'unauthorized' ? { redirect: here.href } : {}, replace: true });
});

// SPEC §1's analytics counters and live chat, when configured, once the page has loaded: they wait there for the first
// render and an idle moment, so they never slow the first paint (nor the till). Listening before the await below: the load
// event may come while it waits.
addEventListener('load', () => void import('@/features/integrations/start').then((module) => module.startIntegrations(router)));

// The first render waits for the messages of the chosen language (SPEC §1 fallback rules in lib/locale), and for the
// first page's route to be resolved: then that render draws the page itself, in slices (below), not a pending state
// that a second, synchronous render would replace.
await Promise.all([loadLocaleMessages(), router.load()]);

// A transition: React renders (or hydrates) the first page in slices and gives the main thread back between them, so
// the page drawn by the prerendered document or index.html's shell stays responsive while the app takes over (decisions
// 070, 099).
const container = document.getElementById('root')!;
const typingKept = keepTypingDuringTakeOver(container);
// A document prerendered for this very page, region and locale is hydrated (decision 099): the same tree, so React
// adopts its elements. Any other is rendered afresh, as the shell's pages are; so is an address with a search, which
// the page may show (a refused form post's error and e-mail, decision 100) and the prerendered document does not, and a
// page already typed into, whose values the fresh render takes over.
if (
  location.search === '' &&
  !handOverTypedValues(container, router.state.location.pathname) &&
  container.dataset.prerendered === prerenderMark(router.state.location.pathname, mainStore.get().region, getLocale())
) {
  // The router draws its matches as it did on the server, with no Suspense of its own around them: it takes that
  // from this field, which its own server rendering fills (we pass no manifest: the page names its own scripts).
  router.ssr = { manifest: undefined };
  startTransition(() => void hydrateRoot(container, <AppRoot router={router} onCommitted={typingKept} />));
} else {
  // The shell index.html painted before the app loaded (decision 070) gives way in the microtask after React's first
  // commit into the container, before the browser paints again: the two are never seen together, nor is a blank page
  // between them. Watching the container, not a router event, holds for every page, the not-found screens included.
  new MutationObserver(() => document.getElementById('first-paint')?.remove()).observe(container, { childList: true });
  const root = createRoot(container);
  startTransition(() => root.render(<AppRoot router={router} onCommitted={typingKept} />));
}
