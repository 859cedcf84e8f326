import { isRedirect, redirect, type ParsedLocation, type StaticDataRouteOption } from '@tanstack/react-router';
import { currentViewer } from '@/lib/access';
import { includeMessages } from '@/lib/locale';
import { ensureAccount } from '@/lib/queries';
import { queryClient, wipeQueryCache } from '@/lib/query-client';
import { pageAccess, type Viewer } from '@/lib/router-meta';
import { flushSession, hasSession } from '@/lib/session';
import { verdict } from '@/lib/verdict';

export interface GuardOptions {
  location: ParsedLocation;
  matches: ReadonlyArray<{ staticData?: StaticDataRouteOption }>;
}

/**
 * The guard's steps for someone signed in (./-guard.ts): the account first, then the page's access. False: the
 * session could not be kept, the person signs in again.
 */
export async function guardSignedIn(location: ParsedLocation, matches: GuardOptions['matches']): Promise<boolean> {
  const viewer = await signedInViewer(matches);
  if (!viewer) return false;
  const answer = verdict(pageAccess(matches), viewer);
  if (answer === 'forbidden') throw redirect({ to: '/403', replace: true });
  // The dashboard is where a company is created or chosen; it says which page sent the person there, and why.
  if (answer === 'noCompany') throw redirect({ to: '/', state: { companyFor: location.pathname }, replace: true });
  return true;
}

/** When the roles are not loaded, the account is fetched first; a failure resets the session (null). */
async function signedInViewer(matches: GuardOptions['matches']): Promise<Viewer | null> {
  // The page's messages load alongside (the till's `portal` part, or with the desktop sections'); failing to get them
  // is no reason to sign out.
  const messages = includeMessages(matches.at(-1)?.staticData?.messages).catch((error: unknown) =>
    console.warn('Could not load messages', error),
  );
  try {
    await ensureAccount(queryClient);
  } catch (error) {
    if (isRedirect(error)) throw error;
    console.warn('Could not load the account', error);
    flushSession('unauthorized', { notify: false });
    void wipeQueryCache();
    return null;
  }
  if (!hasSession()) return null;
  await messages;
  return currentViewer();
}
