import type { AcceptInvitationBody, JoinInvitationBody } from '@contract/schemas/users';
import { get, post, publicCall } from '@/lib/http';

// Kept apart from queries.ts, so that the public page does not load the query cache.

/** Only checks the link: opening it changes nothing (mail scanners open links too). */
export const checkInvitation = (query: { token: string }) => get('/api/front/invitation/check', { query, ...publicCall });
/** Sets the password, accepts and signs in. */
export const acceptInvitation = (json: AcceptInvitationBody) => post('/api/front/invitation/accept', { json, ...publicCall });
/** An account holder joins with their password and is signed in. */
export const joinByInvitation = (json: JoinInvitationBody) => post('/api/front/invitation/join', { json, ...publicCall });
