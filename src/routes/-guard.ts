import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { pageAccess } from '@/lib/router-meta';
import { hasSession } from '@/lib/session';
import type { GuardOptions } from './-signed-in';

const toLogin = (location: ParsedLocation) => redirect({ to: '/login', search: { redirect: location.href }, replace: true });

/**
 * The navigation guard (SPEC §4), in the root route so that it sees every path,
 * unknown ones included: the page's declared access decides (lib/router-meta).
 * The signed-in steps come with the first signed-in page, not with /login.
 */
export async function guardRoute({ location, matches }: GuardOptions): Promise<void> {
  if (pageAccess(matches) === 'public') return;
  if (!hasSession() || !(await (await import('./-signed-in')).guardSignedIn(location, matches))) throw toLogin(location);
}
