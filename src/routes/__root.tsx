import { lazy, Suspense } from 'react';
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { includePortalMessages } from '@/lib/locale';
import { ThemeSync, TitleSync } from '@/features/shell/root-sync';
import { Toaster } from '@/ui/toaster';

// The root route is never code-split by the router plugin; the 404 screen loads when it is needed.
// The service worker, offline banner and update prompt come after the first paint, their texts with the portal's
// messages: /login stays light.
const PwaChrome = lazy(() => includePortalMessages().then(() => import('@/features/shell/pwa-chrome')));
const NotFoundScreen = lazy(() => import('@/features/shell/error-layout').then((module) => ({ default: module.NotFoundScreen })));

export const Route = createRootRoute({
  component: Root,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  ),
});

function Root() {
  return (
    <>
      <TitleSync />
      <ThemeSync />
      <Suspense fallback={null}>
        <PwaChrome />
      </Suspense>
      <Outlet />
      <Toaster />
    </>
  );
}
