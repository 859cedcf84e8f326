import type { userListQuery, userQuery } from '@contract/schemas/users';
import type { MemberDetails, MemberList } from '@contract/users';
import type * as v from 'valibot';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { requireMembership } from '../../lib/membership';
import { detailsOf, listItemOf, listPeople } from './member';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

/** The company's people and the people it has invited, by name, a page at a time; for its admins only. */
export async function listMembers(deps: Deps, auth: AuthContext, query: Out<typeof userListQuery>): Promise<MemberList> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageUsers');
  const { rows, total } = await listPeople(deps.db, query.supplierId, query.search, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const now = deps.now();
  return { items: rows.map((row) => listItemOf(row, now)), page: query.page, pageSize: query.pageSize, total };
}

/** One person of the company with their history; someone of another company is "not found". */
export async function memberDetails(deps: Deps, auth: AuthContext, query: Out<typeof userQuery>): Promise<MemberDetails> {
  await requireMembership(deps, auth.userId, query.supplierId, 'manageUsers');
  return (await detailsOf(deps.db, query.supplierId, query.userId, auth.userId, deps.now())) ?? fail('USER_NOT_FOUND');
}
