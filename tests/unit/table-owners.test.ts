import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Tables with owners (decision 092): each table of server/db/schema.ts is written (insert, update, delete) by one
 * part of the server; another part that needs a write asks the owner through its index.ts (the lint rule
 * import-x/no-restricted-paths keeps modules to each other's index.ts). Reads are free: a join reads where it must.
 * The seeds write demo and test data straight, as the product's past, and are not held to this.
 */
const TABLE_OWNERS: Record<string, string> = {
  users: 'modules/auth',
  emailCodes: 'modules/auth',
  sessions: 'modules/auth',
  refreshTokens: 'modules/auth',
  suppliers: 'modules/supplier',
  acceptedOffers: 'modules/supplier',
  moderationEvents: 'modules/supplier',
  bikDirectory: 'modules/supplier',
  memberships: 'modules/users',
  invitations: 'modules/users',
  products: 'modules/catalogue',
  productImages: 'modules/images',
  certificates: 'modules/redemption',
  redemptions: 'modules/redemption',
  lookupAlerts: 'modules/redemption',
  partnerOrders: 'modules/partner',
  widgets: 'modules/widgets',
  webhookEndpoints: 'modules/webhooks',
  webhookEvents: 'modules/webhooks',
  webhookDeliveries: 'modules/webhooks',
  reportSchedules: 'modules/report-schedules',
  reportRuns: 'modules/report-schedules',
  apiKeys: 'modules/api-keys',
  auditLog: 'lib',
  appSecrets: 'lib',
  rateLimits: 'lib',
  idempotencyKeys: 'lib',
  mailOutbox: 'mail',
  mailAttachments: 'mail',
};
const SEEDS = /^server\/seed[\w-]*\.ts$/;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** The part of the server a file is in: `modules/<name>`, a folder of server/ (`lib`, `mail`…), or a file of its own. */
const areaOf = (file: string): string => {
  const [first = '', second = ''] = relative('server', file).split('/');
  return first === 'modules' ? `modules/${second}` : first;
};

const tables = [...readFileSync('server/db/schema.ts', 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)].map((match) => match[1]!);

/** Every write of a table in the server's code: the query builder's and raw SQL's. */
const writes = (source: string): string[] => {
  const names = new Set(tables);
  const built = [...source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*,?\s*\)/g)].map((match) => match[1]!);
  const raw = [...source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(\w+)\s*\}/gi)].map((match) => match[1]!);
  return [...built, ...raw].filter((name) => names.has(name));
};

const foreignWrites = (): string[] =>
  files('server')
    .filter((file) => !SEEDS.test(file) && !file.startsWith('server/db/'))
    .flatMap((file) =>
      writes(readFileSync(file, 'utf8'))
        .filter((table) => TABLE_OWNERS[table] !== areaOf(file))
        .map((table) => `${file} writes ${table}, which ${TABLE_OWNERS[table] ?? 'no part'} owns: ask it through its index.ts`),
    );

describe('tables with owners (decision 092)', () => {
  it('name one owner for every table of the schema', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables].sort());
    const areas = new Set(files('server').map(areaOf));
    expect(Object.values(TABLE_OWNERS).filter((owner) => !areas.has(owner))).toEqual([]);
  });

  it('let only the owner write a table', () => {
    expect(foreignWrites()).toEqual([]);
  });

  it('see the writes it holds to account', () => {
    expect(writes('await tx.update(products).set({})')).toEqual(['products']);
    expect(writes('tx\n  .insert(\n    users,\n  )')).toEqual(['users']);
    expect(writes('tx.insert(users)')).toEqual(['users']);
    expect(writes('sql`delete from ${sessions} where true`')).toEqual(['sessions']);
    expect(writes('tx.select().from(products)')).toEqual([]);
  });
});
