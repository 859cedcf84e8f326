import { AGE_BUCKET_MONTHS, AGE_BUCKETS, EXPIRING_DAYS, type AgeBucket, type Amount, type Liability } from '@contract/analytics';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { certificates, products } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { openReport, type ReportCompany } from './access';
import type { ExportRow } from './columns';

/**
 * What the company owes as of `now` (decision 056): unspent certificates not yet expired, blocked ones included.
 * One pass over them grouped by product only (a handful of groups, hashed), each age bucket and "expires soon" an
 * aggregate filter: grouping by bucket too would make the planner expect a group per row and sort them all.
 */
export async function liabilityOf(deps: Deps, company: ReportCompany, now: Date): Promise<Liability> {
  const rows = await productLiabilities(deps, company, now);
  const sums = summed(rows);
  return {
    currency: company.currency,
    asOf: now.toISOString(),
    timeZone: company.timeZone,
    ...sums.total,
    byProduct: rows.map(({ productId, product, count, outstanding }) => ({ productId, product, count, outstanding })),
    byAge: AGE_BUCKETS.map((bucket) => ({ bucket, ...sums.ages[bucket] })),
    expiring: sums.expiring,
  };
}

type ProductLiability = Awaited<ReturnType<typeof productLiabilities>>[number];

/** The products' amounts added up: in all, expiring soon, and by age. */
function summed(rows: readonly ProductLiability[]) {
  const total = amount();
  const expiring = amount();
  const ages = Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, amount()])) as Record<AgeBucket, Amount>;
  for (const row of rows) {
    add(total, row);
    add(expiring, row.expiring);
    for (const bucket of AGE_BUCKETS) add(ages[bucket], row[bucket]);
  }
  return { total, expiring, ages };
}

/** Each product's liability with its ages and what expires soon, the largest first (the page's order, the file's rows). */
async function productLiabilities(deps: Deps, company: ReportCompany, now: Date) {
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
  return rows.sort((a, b) => b.outstanding - a.outstanding || a.product.localeCompare(b.product));
}

/**
 * The liability as a file's rows (issue 35): one a product, in the page's order, with its ages, then the total. A
 * handful of rows: one batch. Each row starts with the two key fields an export row has (unused here: no paging).
 */
export async function* liabilityExportBatches(deps: Deps, company: ReportCompany, now: Date, total: string): AsyncGenerator<ExportRow[]> {
  const rows = await productLiabilities(deps, company, now);
  const sums = summed(rows);
  const line = (id: string, product: string, sum: Amount, expiring: Amount, ages: Record<AgeBucket, Amount>): ExportRow => [
    id,
    id,
    product,
    sum.count,
    sum.outstanding,
    expiring.count,
    expiring.outstanding,
    ...AGE_BUCKETS.map((bucket) => ages[bucket].outstanding),
    company.currency,
  ];
  yield [
    ...rows.map((row) => line(row.productId, row.product, row, row.expiring, row)),
    line('total', total, sums.total, sums.expiring, sums.ages),
  ];
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
