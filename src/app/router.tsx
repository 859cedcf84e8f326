import { createMemoryHistory, createRouter, RouterProvider, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense, useLayoutEffect } from 'react';
import { LocaleProvider } from '@/lib/i18n';
import { routeTree } from '../routeTree.gen';

/**
 * The app's router and its root element, one definition for the browser (src/main.tsx) and the build's prerender
 * (src/prerender.tsx, decision 099): a prerendered page is the same tree the browser hydrates.
 */

// Every route's pending and error state (decision 085), in a chunk of their own that the signed-in layouts load with
// them: /login does not carry them. The fallback is nothing for the moment the chunk takes, never the layout's own.
const RouteState = lazy(() => import('@/ui/page-states').then((module) => ({ default: module.RouteState })));
const routeState = (props: Partial<ErrorComponentProps>) => (
  <Suspense>
    <RouteState {...props} />
  </Suspense>
);

/**
 * The browser's router; or, given the path the build prerenders, one that stays at that path. That one restores no
 * scroll: the browser's router does, and the inline script the server's would write is one the content security
 * policy refuses (it is not index.html's).
 */
export const createAppRouter = (prerenderAt?: string) =>
  createRouter({
    routeTree,
    history: prerenderAt === undefined ? undefined : createMemoryHistory({ initialEntries: [prerenderAt] }),
    defaultPendingComponent: routeState,
    defaultErrorComponent: routeState,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    notFoundMode: 'root',
    scrollRestoration: prerenderAt === undefined,
  });

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Calls `then` as the first render is committed, before the browser handles another event: a layout effect, run in the
 * commit (children's first), whose state updates React renders before the commit returns.
 */
function Committed({ then }: { then: () => void }) {
  useLayoutEffect(then, [then]);
  return null;
}

/** `onCommitted`: the browser's hook for the moment the app has the page (src/main.tsx); it renders no element. */
export const AppRoot = ({ router, onCommitted }: { router: AppRouter; onCommitted?: () => void }) => (
  <StrictMode>
    <LocaleProvider>
      <RouterProvider router={router} />
    </LocaleProvider>
    {onCommitted && <Committed then={onCommitted} />}
  </StrictMode>
);
