// @vitest-environment jsdom
// (the company selection lives in localStorage)
import { ROLES } from '@contract/enums';
import type { SupplierListItem } from '@contract/schemas/supplier';
import { addUserBody, setRolesBody } from '@contract/schemas/users';
import type { MemberDetails, MemberList } from '@contract/users';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMember, loadMembers, memberListQuery, memberMutation, memberQuery, userKeys } from '@/features/users/queries';
import { checkedRoles, roleFlags } from '@/features/users/role-fields';
import { validate } from '@/lib/form';
import type * as Http from '@/lib/http';
import { supplierStore } from '@/lib/suppliers';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@/lib/http', async (importOriginal) => ({ ...(await importOriginal<typeof Http>()), get: http.get, post: http.post }));
// The saved query cache (IndexedDB) is not part of these tests: the loaders' preload is watched instead.
const preload = vi.hoisted(() => vi.fn((_options: { queryKey: unknown }) => Promise.resolve()));
vi.mock('@/lib/query-client', () => ({ preload }));

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const U1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const U2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const member = (patch: Partial<MemberDetails> = {}): MemberDetails => ({
  id: U1,
  firstName: 'Ann',
  secondName: 'Lee',
  email: 'ann@example.test',
  phone: '+79001234567',
  roles: ['roleRedeemer'],
  status: 'active',
  addedAt: '2025-03-01T10:00:00.000Z',
  invitation: null,
  isSelf: false,
  history: [],
  ...patch,
});
const list = (): MemberList => ({ items: [], page: 1, pageSize: 20, total: 0 });
const company = (supplierId: string): SupplierListItem => ({
  supplierId,
  supplierName: 'Shop',
  name: 'shop',
  status: 'active',
  roles: ['roleAdmin'],
  childrenSupplierList: { children: [] },
});

beforeEach(() => {
  http.get.mockReset().mockResolvedValue(list());
  http.post.mockReset();
  preload.mockClear();
});
afterEach(() => supplierStore.set({ items: [], selectedId: null }));

describe('the roles as form values', () => {
  it('are one flag per role, read back in the order of SPEC §6', () => {
    expect(roleFlags(['roleRedeemer', 'roleAdmin'])).toEqual({ roleAdmin: true, roleAccountant: false, roleRedeemer: true });
    expect(checkedRoles(roleFlags(['roleRedeemer', 'roleAdmin']))).toEqual(['roleAdmin', 'roleRedeemer']);
    expect(checkedRoles(roleFlags([]))).toEqual([]);
    expect(checkedRoles(roleFlags(ROLES))).toEqual([...ROLES]);
  });

  it('need at least one: the shared schemas say ROLE_REQUIRED at the roles field', async () => {
    const add = await validate(addUserBody, {
      supplierId: S1,
      secondName: 'Lee',
      firstName: 'Ann',
      email: 'Ann@Example.test',
      phone: '+7 900 123-45-67',
      roles: checkedRoles(roleFlags([])),
    });
    expect(add).toEqual({ success: false, errors: { roles: 'ROLE_REQUIRED' } });
    expect(await validate(setRolesBody, { supplierId: S1, userId: U1, roles: [] })).toEqual({
      success: false,
      errors: { roles: 'ROLE_REQUIRED' },
    });
  });

  it('the add form sends what the schema makes of the typed values', async () => {
    const added = await validate(addUserBody, {
      supplierId: S1,
      secondName: ' Lee ',
      firstName: 'Ann',
      email: 'Ann@Example.test',
      phone: '+7 900 123-45-67',
      roles: checkedRoles(roleFlags(['roleRedeemer'])),
    });
    expect(added).toMatchObject({ success: true, output: { secondName: 'Lee', email: 'ann@example.test', roles: ['roleRedeemer'] } });
  });
});

describe('the users queries', () => {
  it('file lists and details under their company, apart from other companies', () => {
    expect(memberListQuery(S1, { search: 'ann', page: 2 }).queryKey).toEqual(['users', S1, 'list', { search: 'ann', page: 2 }]);
    expect(memberQuery(S1, U1).queryKey).toEqual(['users', S1, 'detail', U1]);
    expect(userKeys.lists(S1)).not.toEqual(userKeys.lists(S2));
  });

  it('ask for the list without an empty search, with the page and page size as the query string has them', async () => {
    const options = memberListQuery(S1, { search: '', page: 3 });
    await (options.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({ signal: new AbortController().signal });
    expect(http.get).toHaveBeenCalledWith('/api/front/supplier/users/list', {
      query: { supplierId: S1, search: undefined, page: '3', pageSize: '20' },
      signal: expect.any(AbortSignal) as AbortSignal,
      quiet: true,
    });
  });

  it('are loaded by the routes for the company selected in the header, and not without one', async () => {
    await loadMembers({ search: '', page: 1 });
    await loadMember(U1);
    expect(preload).not.toHaveBeenCalled();

    supplierStore.set({ items: [company(S1)], selectedId: S1 });
    await loadMembers({ search: 'ann', page: 1 });
    await loadMember(U1);
    expect(preload.mock.calls.map(([options]) => options.queryKey)).toEqual([userKeys.list(S1, 'ann', 1), userKeys.detail(S1, U1)]);
  });
});

describe('a change to a person', () => {
  it('puts the answer in the person’s details and asks again for exactly the lists of that company', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const seeded = [
      userKeys.list(S1, '', 1),
      userKeys.list(S1, 'ann', 2),
      userKeys.detail(S1, U1),
      userKeys.detail(S1, U2),
      userKeys.list(S2, '', 1),
      userKeys.detail(S2, U1),
      ['suppliers', 'list'],
    ];
    for (const key of seeded) queryClient.setQueryData(key, key.includes('detail') ? member() : list());

    const answer = member({ roles: ['roleAccountant', 'roleRedeemer'] });
    const call = vi.fn((_body: { supplierId: string; userId: string }) => Promise.resolve(answer));
    await new MutationObserver(queryClient, memberMutation(queryClient, call)).mutate({ supplierId: S1, userId: U1 });

    const invalidated = seeded.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
    expect(invalidated).toEqual([userKeys.list(S1, '', 1), userKeys.list(S1, 'ann', 2)]);
    expect(queryClient.getQueryData(userKeys.detail(S1, U1))).toEqual(answer);
    expect(queryClient.getQueryData(userKeys.detail(S2, U1))).toEqual(member());
  });
});
