import { createRootRoute, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ThemeSync, TitleSync } from '@/features/shell/root-sync';
import { includeMessages } from '@/lib/locale';
import { guardRoute } from './-guard';

// The root route is never code-split by the router plugin; the 404 screen loads when it is needed.
// The service worker, offline banner and update prompt come after the first paint, their texts with the portal's
// messages; so does the toaster, which shows the toasts already in the store when it mounts: /login stays light.
const PwaChrome = lazy(() => includeMessages('portal').then(() => import('@/features/shell/pwa-chrome')));
const Toaster = lazy(() => import('@/ui/toaster').then((module) => ({ default: module.Toaster })));
const NotFoundScreen = lazy(() => import('@/features/shell/error-layout').then((module) => ({ default: module.NotFoundScreen })));

export const Route = createRootRoute({
  // Every path passes the guard, unknown ones included (an anonymous deep link goes to /login first).
  beforeLoad: (options): Promise<void> => guardRoute(options),
  component: Root,
  notFoundComponent: () => (
    <Suspense>
      <NotFoundScreen />
    </Suspense>
  ),
});

function Root() {
  return (
    <>
      <TitleSync />
      <ThemeSync />
      <Suspense>
        <PwaChrome />
      </Suspense>
      <Outlet />
      <Suspense>
        <Toaster />
      </Suspense>
    </>
  );
}
