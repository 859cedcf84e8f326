import { isRedirect, redirect } from '@tanstack/react-router';
import type { ParsedLocation, StaticDataRouteOption } from '@tanstack/react-router';
import { currentRoles } from '@/lib/access';
import { includePortalMessages } from '@/lib/locale';
import { hasAnyRole } from '@/lib/router-meta';
import { flushSession, hasSession, userStore } from '@/lib/session';

interface GuardOptions {
  location: ParsedLocation;
  matches: ReadonlyArray<{ staticData?: StaticDataRouteOption }>;
}

const toLogin = (location: ParsedLocation) => redirect({ to: '/login', search: { redirect: location.href }, replace: true });

/**
 * SPEC §4 "Navigation guard": without a token only public routes open; when the
 * roles are not loaded the account is fetched first (a failure resets the
 * session); a route whose role list or staff flag the user lacks answers 403.
 */
export async function guardSignedIn({ location, matches }: GuardOptions): Promise<void> {
  if (!hasSession()) throw toLogin(location);
  // The portal's messages load alongside; failing to get them is no reason to sign out.
  const messages = includePortalMessages().catch((error: unknown) => console.warn('Could not load messages', error));
  try {
    // The query cache comes with the first signed-in page, not with /login.
    const [{ ensureAccount }, { queryClient }] = await Promise.all([import('@/lib/queries'), import('@/lib/query-client')]);
    await ensureAccount(queryClient);
  } catch (error) {
    if (isRedirect(error)) throw error;
    console.warn('Could not load the account', error);
    flushSession('unauthorized', { notify: false });
    void import('@/lib/query-client').then(({ wipeQueryCache }) => wipeQueryCache());
    throw toLogin(location);
  }
  if (!hasSession()) throw toLogin(location);
  await messages;

  const roles = currentRoles();
  const isStaff = userStore.get().user?.isStaff === true;
  for (const { staticData } of matches) {
    if ((staticData?.staff && !isStaff) || !hasAnyRole(roles, staticData?.roles)) throw redirect({ to: '/403', replace: true });
  }
}
