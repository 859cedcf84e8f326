import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { userListQuery, userQuery } from '../../../src/contract/schemas/users';
import type { MemberDetails, MemberList } from '../../../src/contract/users';
import { memberships, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { detailsOf, listItemOf, memberQuery } from './member';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** Words typed are matched literally: `%`, `_` and `\` mean nothing special. */
const literal = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Every word must be in the last name, the first name or the e-mail, in any case ("petrov ivan" finds
 * Ivan Petrov). Control characters split words: PostgreSQL refuses a NUL in text.
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '')
    .split(/[\s\p{Cc}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  const each = words.map((word) =>
    or(ilike(users.secondName, literal(word)), ilike(users.firstName, literal(word)), ilike(users.email, literal(word))),
  );
  return each.length ? and(...each) : undefined;
}

/** The company's people, by name, a page at a time; for its admins only. */
export async function listMembers(deps: Deps, auth: AuthContext, query: Out<typeof userListQuery>): Promise<MemberList> {
  await requireMembership(deps, auth.userId, query.supplierId, ['roleAdmin']);
  const where = and(eq(memberships.supplierId, query.supplierId), searchCondition(query.search));
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  const rows = await memberQuery(deps.db)
    .where(where)
    .orderBy(asc(users.secondName), asc(users.firstName), asc(users.email))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const now = deps.now();
  return { items: rows.map((row) => listItemOf(row, now)), page: query.page, pageSize: query.pageSize, total };
}

/** One person of the company with their history; someone of another company is "not found". */
export async function memberDetails(deps: Deps, auth: AuthContext, query: Out<typeof userQuery>): Promise<MemberDetails> {
  await requireMembership(deps, auth.userId, query.supplierId, ['roleAdmin']);
  return (await detailsOf(deps.db, query.supplierId, query.userId, auth.userId, deps.now())) ?? fail('USER_NOT_FOUND');
}
