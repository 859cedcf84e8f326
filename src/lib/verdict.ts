import { can } from '@contract/access';
import type { Access, Verdict, Viewer } from './router-meta';

/*
 * The guard's rule, apart from the route metadata that /login reads: only signed-in code decides on capabilities, so
 * the role map (src/contract/access.ts) loads with it, not with the sign-in page (vite.config.ts, decision 084).
 */

/** `viewer` null: nobody is signed in. */
export function verdict(access: Access, viewer: Viewer | null): Verdict {
  if (access === 'public') return 'open';
  if (!viewer) return 'signIn';
  if (access === 'signedIn') return 'open';
  if (!can(viewer, access.can)) return 'forbidden';
  return access.company && !viewer.company ? 'noCompany' : 'open';
}
