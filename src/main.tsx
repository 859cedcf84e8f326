import './index.css';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LocaleProvider } from '@/lib/i18n';
import { loadLocaleMessages } from '@/lib/locale';
import { pageAccess } from '@/lib/router-meta';
import { onSessionEnded } from '@/lib/session';
import { routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
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
  void import('@/lib/query-client').then(({ wipeQueryCache }) => wipeQueryCache());
  const here = router.latestLocation;
  if (pageAccess(router.state.matches) === 'public') return;
  void router.navigate({ to: '/login', search: reason === 'unauthorized' ? { redirect: here.href } : {}, replace: true });
});

// SPEC §1's analytics counters and live chat, when configured, once the page has loaded: they wait there for the first
// render and an idle moment, so they never slow the first paint (nor the till). Listening before the await below: the load
// event may come while it waits.
addEventListener('load', () => void import('@/features/integrations/start').then((module) => module.startIntegrations(router)));

// The first render waits for the messages of the chosen language (SPEC §1 fallback rules in lib/locale).
await loadLocaleMessages();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <RouterProvider router={router} />
    </LocaleProvider>
  </StrictMode>,
);
