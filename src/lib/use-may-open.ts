import { useRouter, type RegisteredRouter, type RouteIds } from '@tanstack/react-router';
import { viewerOf } from './access';
import { userStore } from './session';
import { supplierStore } from './suppliers';
import { useStore } from './use-store';
import { verdict } from './verdict';

type RouteId = RouteIds<RegisteredRouter['routeTree']>;

/** Whether the viewer may open a route, by the route's own access rule: no link or button leads to a 403. */
export function useMayOpen() {
  const router = useRouter();
  const viewer = viewerOf(useStore(userStore), useStore(supplierStore));
  return (id: RouteId) => {
    const access = router.routesById[id].options.staticData?.access;
    return access !== undefined && verdict(access, viewer) === 'open';
  };
}
