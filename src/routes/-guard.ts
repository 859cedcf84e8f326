import { isRedirect, redirect, type ParsedLocation, type StaticDataRouteOption } from '@tanstack/react-router';
import { currentViewer } from '@/lib/access';
import { includeMessages } from '@/lib/locale';
import { pageAccess, verdict, type Viewer } from '@/lib/router-meta';
import { flushSession, hasSession } from '@/lib/session';

interface GuardOptions {
  location: ParsedLocation;
  matches: ReadonlyArray<{ staticData?: StaticDataRouteOption }>;
}

const toLogin = (location: ParsedLocation) => redirect({ to: '/login', search: { redirect: location.href }, replace: true });

/**
 * The navigation guard (SPEC §4), in the root route so that it sees every path,
 * unknown ones included: the page's declared access decides (lib/router-meta).
 */
export async function guardRoute({ location, matches }: GuardOptions): Promise<void> {
  const access = pageAccess(matches);
  if (access === 'public') return;
  const answer = verdict(access, hasSession() ? await signedInViewer(location, matches) : null);
  if (answer === 'signIn') throw toLogin(location);
  if (answer === 'forbidden') throw redirect({ to: '/403', replace: true });
  // The dashboard is where a company is created or chosen.
  if (answer === 'noCompany') throw redirect({ to: '/', replace: true });
}

/** When the roles are not loaded, the account is fetched first; a failure resets the session. */
async function signedInViewer(location: ParsedLocation, matches: GuardOptions['matches']): Promise<Viewer> {
  // The page's messages load alongside (the till's `portal` part, or with the desktop sections'); failing to get them
  // is no reason to sign out.
  const messages = includeMessages(matches.at(-1)?.staticData?.messages).catch((error: unknown) =>
    console.warn('Could not load messages', error),
  );
  // The query cache comes with the first signed-in page, not with /login.
  const cache = import('@/lib/query-client');
  try {
    const [{ ensureAccount }, { queryClient }] = await Promise.all([import('@/lib/queries'), cache]);
    await ensureAccount(queryClient);
  } catch (error) {
    if (isRedirect(error)) throw error;
    console.warn('Could not load the account', error);
    flushSession('unauthorized', { notify: false });
    void cache.then(({ wipeQueryCache }) => wipeQueryCache());
    throw toLogin(location);
  }
  if (!hasSession()) throw toLogin(location);
  await messages;
  return currentViewer();
}
