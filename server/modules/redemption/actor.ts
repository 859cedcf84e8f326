import type { AuthContext, CompanyKey } from '../../deps';

/** Who checks or redeems (decision 093): a person at the till, or a company's API key. The ledger records which. */
export type Actor = { userId: string; apiKeyId: null } | { userId: null; apiKeyId: string };

/** Who asks: a verified token's claims (the till: the first read confirms the login), or a company key its middleware confirmed. */
export type Caller = { claims: AuthContext } | { key: CompanyKey };

/** The actor's columns of an audit entry. */
export const auditedActor = (actor: Actor) => (actor.userId !== null ? { userId: actor.userId } : { apiKeyId: actor.apiKeyId });

/** Whose Idempotency-Keys these are: the person's, or the company key's (ids of either kind are UUIDs, never the same). */
export const keyOwnerOf = (actor: Actor): string => actor.userId ?? actor.apiKeyId;
