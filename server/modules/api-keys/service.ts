import { API_KEYS_MAX, type ApiKeyList, type ApiKeyView, type CreatedApiKey } from '@contract/api-keys';
import type { apiKeyListQuery, createApiKeyBody, revokeApiKeyBody } from '@contract/schemas/api-keys';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { prepared } from '../../db/prepared';
import { apiKeys, suppliers, users } from '../../db/schema';
import type { AuthContext, CompanyKey, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { matches, newSecret, prefixOf, secretHash } from './secret';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

const viewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  creatorEmail: users.email,
  creatorFirstName: users.firstName,
  creatorSecondName: users.secondName,
};

const keyQuery = (deps: Deps) => deps.db.select(viewColumns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy));
type ViewRow = Awaited<ReturnType<ReturnType<typeof keyQuery>['execute']>>[number];

const viewOf = (row: ViewRow): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdBy:
    row.creatorEmail === null
      ? null
      : { name: `${row.creatorFirstName ?? ''} ${row.creatorSecondName ?? ''}`.trim(), email: row.creatorEmail },
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const activeOf = (supplierId: string) => and(eq(apiKeys.supplierId, supplierId), isNull(apiKeys.revokedAt));

/** The company's active keys, newest first; a revoked key leaves the list (its history stays in the audit log). */
export async function listKeys(deps: Deps, auth: AuthContext, query: Out<typeof apiKeyListQuery>): Promise<ApiKeyList> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageIntegrations');
  const rows = await keyQuery(deps).where(activeOf(query.supplierId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { items: rows.map(viewOf), max: API_KEYS_MAX };
}

/**
 * Creates a key and answers it whole, this once: only its digest is kept. At most API_KEYS_MAX active keys per
 * company, also when admins create them at the same moment: the company's row is locked while counting.
 */
export async function createKey(deps: Deps, auth: AuthContext, body: Out<typeof createApiKeyBody>): Promise<CreatedApiKey> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const secret = newSecret();
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, body.supplierId)).for('update');
    const [active] = await tx.select({ value: count() }).from(apiKeys).where(activeOf(body.supplierId));
    if ((active?.value ?? 0) >= API_KEYS_MAX) fail('API_KEY_LIMIT_REACHED');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        supplierId: body.supplierId,
        name: body.name,
        prefix: prefixOf(secret),
        secretHash: secretHash(secret),
        scopes: body.scopes,
        createdBy: auth.userId,
        createdAt: now,
      })
      .returning({ id: apiKeys.id });
    await audit(
      tx,
      {
        action: 'apiKey.created',
        userId: auth.userId,
        supplierId: body.supplierId,
        apiKeyId: row!.id,
        details: { name: body.name, prefix: prefixOf(secret), scopes: body.scopes },
      },
      now,
    );
    return row!.id;
  });
  return { key: await keyOf(deps, body.supplierId, id), secret };
}

async function keyOf(deps: Deps, supplierId: string, id: string): Promise<ApiKeyView> {
  const [row] = await keyQuery(deps).where(and(eq(apiKeys.id, id), eq(apiKeys.supplierId, supplierId)));
  return row ? viewOf(row) : fail('API_KEY_NOT_FOUND');
}

/**
 * Revokes a key at once: its next call is refused, as every call reads the key. Revoking a revoked key changes
 * nothing; another company's key, or none, is "not found" alike.
 */
export async function revokeKey(
  deps: Deps,
  auth: AuthContext,
  body: Out<typeof revokeApiKeyBody>,
): Promise<{ id: string; revokedAt: string }> {
  await requireMembership(deps, auth.userId, body.supplierId, 'manageIntegrations');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedBy: auth.userId })
      .where(and(eq(apiKeys.id, body.keyId), activeOf(body.supplierId)))
      .returning({ id: apiKeys.id, prefix: apiKeys.prefix, name: apiKeys.name });
    if (!revoked) {
      const [earlier] = await tx
        .select({ revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, body.keyId), eq(apiKeys.supplierId, body.supplierId)));
      return earlier?.revokedAt ? { id: body.keyId, revokedAt: earlier.revokedAt.toISOString() } : fail('API_KEY_NOT_FOUND');
    }
    await audit(
      tx,
      {
        action: 'apiKey.revoked',
        userId: auth.userId,
        supplierId: body.supplierId,
        apiKeyId: revoked.id,
        details: { name: revoked.name, prefix: revoked.prefix },
      },
      now,
    );
    return { id: revoked.id, revokedAt: now.toISOString() };
  });
}

// Every call of the register API reads its key: by the prefix, which is no secret, never by the key itself.
const keysByPrefix = prepared((db) =>
  db
    .select({
      id: apiKeys.id,
      supplierId: apiKeys.supplierId,
      scopes: apiKeys.scopes,
      secretHash: apiKeys.secretHash,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.prefix, sql.placeholder('prefix')))
    .prepare('api_keys_by_prefix'),
);

/** How stale "last used" may get: writing it on every call would line a busy register's calls up on one row. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * The key a call presents, or its refusal: INVALID_API_KEY for anything that is no key of ours, API_KEY_REVOKED
 * for a revoked one (read on every call: a revocation holds from the next call on).
 */
export async function authenticateKey(deps: Deps, presented: string): Promise<CompanyKey> {
  const candidates = await keysByPrefix(deps.db).execute({ prefix: prefixOf(presented) });
  const row = candidates.find((candidate) => matches(presented, candidate.secretHash));
  if (!row) return fail('INVALID_API_KEY');
  if (row.revokedAt) return fail('API_KEY_REVOKED');
  const now = deps.now();
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore)
    await deps.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  return { id: row.id, supplierId: row.supplierId, scopes: row.scopes };
}
