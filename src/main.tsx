import './index.css';
import { createRouter, RouterProvider, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { LocaleProvider } from '@/lib/i18n';
import { loadLocaleMessages } from '@/lib/locale';
import { pageAccess } from '@/lib/router-meta';
import { onSessionEnded } from '@/lib/session';
import { routeTree } from './routeTree.gen';

// Every route's pending and error state (decision 085), in a chunk of their own that the signed-in layouts load with
// them: /login does not carry them. The fallback is nothing for the moment the chunk takes, never the layout's own.
const RouteState = lazy(() => import('@/ui/page-states').then((module) => ({ default: module.RouteState })));
const routeState = (props: Partial<ErrorComponentProps>) => (
  <Suspense>
    <RouteState {...props} />
  </Suspense>
);

const router = createRouter({
  routeTree,
  defaultPendingComponent: routeState,
  defaultErrorComponent: routeState,
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  notFoundMode: 'root',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

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

// A transition: React renders the first page in slices and gives the main thread back between them, so the page
// drawn by index.html's shell stays responsive while the app takes over (decision 070).
const container = document.getElementById('root')!;
// The shell index.html painted before the app loaded (decision 070) gives way in the microtask after React's first commit
// into the container, before the browser paints again: the two are never seen together, nor is a blank page between
// them. Watching the container, not a router event, holds for every page, the not-found screens included.
new MutationObserver(() => document.getElementById('first-paint')?.remove()).observe(container, { childList: true });
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <LocaleProvider>
        <RouterProvider router={router} />
      </LocaleProvider>
    </StrictMode>,
  ),
);
