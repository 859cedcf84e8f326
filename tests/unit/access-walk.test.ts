import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { can, CAPABILITIES, type Capability } from '@contract/access';
import type { Role } from '@contract/enums';
import { createRouter } from '@tanstack/react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access, Viewer } from '@/lib/router-meta';
import { verdict } from '@/lib/verdict';
import { PAGE_CALLS, type ApiCall, type PageCall } from '@/routes/-api-calls';
import { routeTree } from '@/routeTree.gen';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Deps } from '../../server/deps';
import { silentLogger } from '../../server/lib/log';

/**
 * The access walk (decision 084): every page route × every kind of viewer × every API call the page makes. A page
 * that opens for someone must make only calls the server allows them (by the capability each operation declares,
 * read from the server's own OpenAPI document); a page that turns someone away must make a call the server would
 * refuse them. tests/api/access.test.ts holds the server to the capabilities it declares; this file holds the pages to
 * them. Nothing runs but the app object: no database, no browser.
 */

interface ServerOperation {
  /** Needs a signed-in person (or, for the partner API, its key). */
  secured: boolean;
  can?: Capability;
}

/** The server's operations as its OpenAPI document lists them, keyed as the PWA names them (`GET /api/…/:id`). */
let operations: Map<string, ServerOperation>;

beforeAll(async () => {
  // The document is built from the mounted routes when the app is made: no request reaches a database.
  const deps = {
    db: {} as Deps['db'],
    config: loadConfig({ NODE_ENV: 'test' }),
    log: silentLogger,
    now: () => new Date(),
    keys: { jwt: 'k'.repeat(48), codes: 'k', pins: 'k', seal: 'k', viewers: 'k', partnerApiKey: 'k' },
  } satisfies Deps;
  const response = await createApp(deps).request('/api/openapi.json');
  const document = (await response.json()) as {
    paths: Record<string, Record<string, { security?: unknown[]; 'x-capability'?: Capability }>>;
  };
  operations = new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, spec]) => [
        `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        { secured: Boolean(spec.security?.length), can: spec['x-capability'] },
      ]),
    ),
  );
});

const router = createRouter({ routeTree });
type AppRoute = (typeof router.routesById)[keyof typeof router.routesById];
const routes: AppRoute[] = Object.values(router.routesById);
const pages = routes.filter((route) => !route.children);

/** The calls a page's screen makes: its own and its layouts'. */
function callsOf(route: AppRoute): PageCall[] {
  const calls: PageCall[] = [];
  for (let current: AppRoute | undefined = route; current; current = current.parentRoute as AppRoute | undefined)
    calls.push(...PAGE_CALLS[current.id as keyof typeof PAGE_CALLS]);
  return calls;
}

const callOf = (call: PageCall): ApiCall => (typeof call === 'string' ? call : call[0]);

function isMade(call: PageCall, viewer: Viewer | null): boolean {
  if (typeof call === 'string') return true;
  const [, when] = call;
  if (!viewer) return false;
  if (when === 'signedIn') return true;
  if (when === 'company') return viewer.company;
  return can(viewer, when);
}

function operationOf(call: PageCall): ServerOperation {
  const operation = operations.get(callOf(call));
  if (!operation) throw new Error(`${callOf(call)}: the server has no such operation`);
  return operation;
}

/** Whether the server would serve the call to the viewer, by what the operation declares. */
function allows(call: PageCall, viewer: Viewer | null): boolean {
  const operation = operationOf(call);
  if (!operation.secured) return true;
  if (!viewer) return false;
  return operation.can === undefined || can(viewer, operation.can);
}

const ROLE_NAMES: Record<Role, string> = { roleAdmin: 'admin', roleAccountant: 'accountant', roleRedeemer: 'redeemer' };
const supplier = (roles: Role[], company: boolean): [string, Viewer] => [
  `${roles.map((role) => ROLE_NAMES[role]).join('+')} ${company ? 'with' : 'without'} a company`,
  { roles, staff: false, company },
];
const ROLE_SETS: Role[][] = [
  ['roleAdmin'],
  ['roleAccountant'],
  ['roleRedeemer'],
  ['roleAdmin', 'roleAccountant'],
  ['roleAdmin', 'roleRedeemer'],
  ['roleAccountant', 'roleRedeemer'],
  ['roleAdmin', 'roleAccountant', 'roleRedeemer'],
];

/** Every kind of viewer: the roles a company gives, alone and together, with a company selected or not; staff. */
const VIEWERS: [string, Viewer | null][] = [
  ['anonymous', null],
  ...ROLE_SETS.flatMap((roles) => [supplier(roles, true), supplier(roles, false)]),
  // A company that blocked someone is no longer theirs to select (decision 53); DEFAULT_ROLES may be empty.
  [
    'signed in with no role and no company (blocked by it, or a new account given no default role)',
    { roles: [], staff: false, company: false },
  ],
  ['marketplace staff', { roles: [], staff: true, company: false }],
  ['marketplace staff whom a company made its admin', { roles: ['roleAdmin'], staff: true, company: true }],
  ['marketplace staff who redeem for a company', { roles: ['roleRedeemer'], staff: true, company: true }],
];

const accessOf = (route: AppRoute): Access => route.options.staticData!.access!;
const describeCall = (call: PageCall) => `${callOf(call)} (${operationOf(call).can ?? 'no capability'})`;

describe.each(VIEWERS)('the access walk for %s', (_name, viewer) => {
  it.each(pages.map((route) => [route.id, route] as const))('%s', (_id, route) => {
    const answer = verdict(accessOf(route), viewer);
    const calls = callsOf(route);
    if (answer === 'open') {
      // Opens for the viewer: every call it makes for them is one the server serves them.
      const refused = calls.filter((call) => isMade(call, viewer) && !allows(call, viewer)).map(describeCall);
      expect(refused, 'the page opens but the server would refuse these calls').toEqual([]);
    }
    if (answer === 'forbidden') {
      // Turns the viewer away: what it always calls must include something the server would refuse them.
      const always = calls.filter((call) => typeof call === 'string' && operationOf(call).can !== undefined);
      if (always.length)
        expect(
          always.some((call) => !allows(call, viewer)),
          `the page refuses the viewer, but the server would serve every call it makes: ${always.map(describeCall).join(', ')}`,
        ).toBe(true);
    }
  });
});

describe('the walk stands on firm ground', () => {
  it('declares every route’s calls, each an operation of the server', () => {
    expect(Object.keys(PAGE_CALLS).sort()).toEqual(routes.map((route) => route.id).sort());
    for (const calls of Object.values(PAGE_CALLS) as PageCall[][]) for (const call of calls) expect(() => operationOf(call)).not.toThrow();
  });

  it('has the server declare capabilities only on operations for someone signed in, each a known one', () => {
    for (const [key, operation] of operations)
      if (operation.can !== undefined) {
        expect(operation.secured, key).toBe(true);
        expect(CAPABILITIES, key).toContain(operation.can);
      }
  });

  it('finds every page that needs a capability making a call that needs one (else the walk cannot see it)', () => {
    const unchecked = pages
      .filter((route) => typeof accessOf(route) === 'object')
      .filter((route) => !callsOf(route).some((call) => typeof call === 'string' && operationOf(call).can !== undefined))
      .map((route) => route.id);
    // Every one, the admin area's home too since it counts what waits (issue 35).
    expect(unchecked).toEqual([]);
  });

  it('covers every API call the PWA names in its features and its lib', () => {
    const named = new Set<string>();
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    for (const file of [...walk('src/features'), ...walk('src/lib')])
      for (const [, method, path] of readFileSync(file, 'utf8').matchAll(/\b(get|post|getBlob|upload)\(\s*'(\/api\/[^']+)'/g))
        named.add(`${method === 'post' || method === 'upload' ? 'POST' : 'GET'} ${path}`);
    expect(named.size).toBeGreaterThan(60);
    const declared = new Set<string>(Object.values(PAGE_CALLS).flatMap((calls: readonly PageCall[]) => calls.map(callOf)));
    expect([...named].filter((call) => !declared.has(call))).toEqual([]);
  });
});
