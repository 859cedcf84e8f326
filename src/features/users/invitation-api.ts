import type { AcceptInvitationBody } from '@/contract/schemas/users';
import { get, post } from '@/lib/http';

// The invitee has no login yet: no token is sent, and the page shows its own failures. Kept apart from queries.ts,
// so that the public page does not load the query cache.

/** Only checks the link: opening it changes nothing (mail scanners open links too). */
export const checkInvitation = (token: string) => get('/api/front/invitation/check', { query: { token }, auth: false, quiet: true });

/** Sets the password, accepts and signs in. */
export const acceptInvitation = (json: AcceptInvitationBody) => post('/api/front/invitation/accept', { json, auth: false, quiet: true });
