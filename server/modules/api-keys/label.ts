import { sql } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema';

/**
 * Who wrote a ledger entry, as the till's history and the redemption report name it (decision 093): the person's
 * e-mail, or for a company's API key "API: <name> (<prefix>)". For a query that left-joins both `users` and `apiKeys`
 * on the entry.
 */
export const actorLabel = {
  /** The e-mail, or the key. */
  id: sql<string>`coalesce(${users.email}, 'API: ' || ${apiKeys.name} || ' (' || ${apiKeys.prefix} || ')')`,
  /** The person's name, or the key's. */
  name: sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.secondName}), ${apiKeys.name})`,
};
