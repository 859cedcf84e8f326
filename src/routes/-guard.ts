import { pageAccess } from '@/lib/router-meta';
import { hasSession } from '@/lib/session';
import type { GuardOptions } from './-signed-in';
import { toLogin } from './-to-login';

/**
 * The navigation guard (SPEC §4), in the root route so that it sees every path,
 * unknown ones included: the page's declared access decides (lib/router-meta).
 * The signed-in steps come with the first signed-in page, not with /login.
 */
export async function guardRoute(options: GuardOptions): Promise<void> {
  if (pageAccess(options.matches) === 'public') return;
  if (!hasSession()) throw toLogin(options.location);
  await (await import('./-signed-in')).guardSignedIn(options);
}
