import { AGE_BUCKET_MONTHS, AGE_BUCKETS, EXPIRING_DAYS, type AgeBucket, type Amount, type Liability } from '@contract/analytics';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { certificates, products } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { openReport, type ReportCompany } from './access';

/**
 * What the company owes as of `now` (decision 056): unspent certificates not yet expired, blocked ones included.
 * One pass over them grouped by product only (a handful of groups, hashed), each age bucket and "expires soon" an
 * aggregate filter: grouping by bucket too would make the planner expect a group per row and sort them all.
 */
export async function liabilityOf(deps: Deps, company: ReportCompany, now: Date): Promise<Liability> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Calendar months back from now, counted in the company's zone (the 31st less a month is the 30th or 28th).
  const monthsAgo = (months: number) =>
    sql`((${at} at time zone ${company.timeZone}) - make_interval(months => ${months}::int)) at time zone ${company.timeZone}`;
  const within = (bucket: AgeBucket) => {
    const index = AGE_BUCKETS.indexOf(bucket);
    const older = AGE_BUCKET_MONTHS[bucket];
    const newer = index > 0 ? AGE_BUCKET_MONTHS[AGE_BUCKETS[index - 1]!] : null;
    return and(
      older === null ? undefined : sql`${certificates.purchasedAt} > ${monthsAgo(older)}`,
      newer === null ? undefined : sql`${certificates.purchasedAt} <= ${monthsAgo(newer)}`,
    )!;
  };
  const amountWhere = (condition: SQL) => ({
    count: sql`count(*) filter (where ${condition})`.mapWith(Number),
    outstanding: sql`coalesce(sum(${certificates.balance}) filter (where ${condition}), 0)::bigint`.mapWith(Number),
  });
  const rows = await deps.db
    .select({
      productId: products.id,
      product: products.name,
      count: sql`count(*)`.mapWith(Number),
      outstanding: sql`sum(${certificates.balance})::bigint`.mapWith(Number),
      expiring: amountWhere(sql`${certificates.validUntil} <= ${at} + make_interval(days => ${EXPIRING_DAYS}::int)`),
      upTo3: amountWhere(within('upTo3')),
      upTo6: amountWhere(within('upTo6')),
      upTo12: amountWhere(within('upTo12')),
      over12: amountWhere(within('over12')),
    })
    .from(certificates)
    .innerJoin(products, eq(products.id, certificates.productId))
    .where(and(eq(certificates.supplierId, company.id), gt(certificates.balance, 0), sql`${certificates.validUntil} > ${at}`))
    // A product's name depends on its id (the primary key): grouping by the id alone may select it.
    .groupBy(products.id);
  const byAge = AGE_BUCKETS.map((bucket) => ({ bucket, ...amount() }));
  const total = amount();
  const expiring = amount();
  for (const row of rows) {
    add(total, row);
    add(expiring, row.expiring);
    for (const age of byAge) add(age, row[age.bucket]);
  }
  return {
    currency: company.currency,
    asOf: now.toISOString(),
    ...total,
    byProduct: rows
      .map(({ productId, product, count, outstanding }) => ({ productId, product, count, outstanding }))
      .sort((a, b) => b.outstanding - a.outstanding || a.product.localeCompare(b.product)),
    byAge,
    expiring,
  };
}

const amount = (): Amount => ({ count: 0, outstanding: 0 });
const add = (sum: Amount, group: Amount) => {
  sum.count += group.count;
  sum.outstanding += group.outstanding;
};

/** The liability report, for those who may read it. */
export async function liability(deps: Deps, auth: AuthContext, supplierId: string): Promise<Liability> {
  return liabilityOf(deps, await openReport(deps, auth, supplierId, 'liability'), deps.now());
}
