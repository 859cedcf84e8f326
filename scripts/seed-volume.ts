/**
 * `npm run seed:volume [-- --fresh]`: a PostgreSQL database with a realistic volume for the reports (decision 057):
 * two years of one company's sales (1 000 000 certificates, about 2 000 000 ledger entries; December, Fridays and
 * weekends sell most; partial and full redemptions, some refused) plus three smaller companies as noise, on top of the
 * demo data. The volume company belongs to admin@demo.test and accountant@demo.test, so the API can be called as them
 * (`npm run bench:analytics`). Target: DATABASE_URL, else certdesk_volume on the local server (`--fresh` drops it first).
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../server/db/client';
import { memberships, products, suppliers, users } from '../server/db/schema';
import { loadKeys } from '../server/lib/keys';
import { hashPassword } from '../server/lib/passwords';
import { DEMO_PASSWORD, seedDemo } from '../server/seed';
import { demoProduct } from '../server/seed-products';
import type { Country } from '../src/contract/enums';

const VOLUME_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/certdesk_volume';
const VOLUME_COMPANY = 'Volume Gifts';
const DAYS = 730;

interface Company {
  name: string;
  country: Country;
  timeZone: string;
  currency: string;
  certificates: number;
  cashiers: number;
  /** Name, fixed denominations (minor units), redemptions allowed (null: unlimited), share of sales. */
  products: [string, number[], number | null, number][];
}

const COMPANIES: Company[] = [
  {
    name: VOLUME_COMPANY,
    country: 'RU',
    timeZone: 'Europe/Moscow',
    currency: 'RUB',
    certificates: 1_000_000,
    cashiers: 8,
    products: [
      ['Gift card', [100_000, 200_000, 300_000, 500_000, 1_000_000], null, 0.55],
      ['Electronics card', [500_000, 1_000_000, 2_000_000], null, 0.2],
      ['Spa: three visits', [600_000], 3, 0.15],
      ['Cinema for two', [120_000], 1, 0.1],
    ],
  },
  { ...noise('Noise Coffee', 'KZ', 'Asia/Almaty', 'KZT', 50_000), products: [['Coffee card', [500_000, 1_000_000], null, 1]] },
  { ...noise('Noise Books', 'BY', 'Europe/Minsk', 'BYN', 30_000), products: [['Book card', [5_000, 10_000, 20_000], null, 1]] },
  { ...noise('Noise Tapas', 'ES', 'Europe/Madrid', 'EUR', 20_000), products: [['Dinner for two', [6_000, 10_000], 1, 1]] },
];

function noise(name: string, country: Country, timeZone: string, currency: string, certificates: number) {
  return { name, country, timeZone, currency, certificates, cashiers: 2 };
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function prepareDatabase(fresh: boolean) {
  const url = new URL(VOLUME_URL);
  const name = url.pathname.slice(1);
  const adminUrl = new URL(VOLUME_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

/** The companies, their products and cashiers, and the demo accountant's and admin's memberships; the ids the SQL needs. */
async function seedCompanies(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demo = Object.fromEntries((await db.select({ id: users.id, email: users.email }).from(users)).map((user) => [user.email, user.id]));
  return db.transaction(async (tx) => {
    const seeded = [];
    for (const [index, company] of COMPANIES.entries()) {
      const [supplier] = await tx
        .insert(suppliers)
        .values({ name: company.name, supplierName: `${company.name} LLC`, country: company.country, status: 'active' })
        .returning({ id: suppliers.id });
      const supplierId = supplier!.id;
      const made = await tx
        .insert(products)
        .values(company.products.map(([name, values, uses]) => demoProduct({ supplierId, name, productType: 'goods', values, uses })))
        .returning({ id: products.id });
      const cashiers = await tx
        .insert(users)
        .values(
          Array.from({ length: company.cashiers }, (_, number) => ({
            email: `cashier${number + 1}@${company.name.toLowerCase().replace(' ', '-')}.test`,
            passwordHash,
            firstName: 'Cashier',
            secondName: String(number + 1),
            phone: '+79990000000',
            region: 'ru' as const,
            status: 'active' as const,
            preferredLanguage: 'ru-RU' as const,
          })),
        )
        .returning({ id: users.id });
      const owners =
        index === 0
          ? [
              { userId: demo['admin@demo.test']!, supplierId, roles: ['roleAdmin' as const] },
              { userId: demo['accountant@demo.test']!, supplierId, roles: ['roleAccountant' as const] },
            ]
          : [];
      await tx
        .insert(memberships)
        .values([...cashiers.map(({ id }) => ({ userId: id, supplierId, roles: ['roleRedeemer' as const] })), ...owners]);
      // Shares add up to one; the last product takes whatever floating-point rounding leaves.
      let share = 0;
      const sold = company.products.map(([, values, uses, weight], product) => ({
        id: made[product]!.id,
        values,
        uses,
        from: share,
        to: product === company.products.length - 1 ? 2 : (share += weight),
      }));
      seeded.push({ supplierId, company, cashiers: cashiers.map(({ id }) => id), products: sold });
    }
    return seeded;
  });
}

type Seeded = Awaited<ReturnType<typeof seedCompanies>>;

/** The Luhn check digit of a 15-digit number, unrolled into arithmetic: PostgreSQL inlines it, a loop would cost 40 µs a row. */
const luhnDigit = Array.from({ length: 15 }, (_, place) => {
  const digit = `(body / ${10 ** place} % 10)`;
  return place % 2 === 0 ? `2 * ${digit} - 9 * (${digit} / 5)` : digit;
}).join(' + ');

/**
 * Session helpers: u(serial, stream) is a uniform number in [0, 1) that depends only on its arguments (so a chunk
 * can be run again and gives the same rows), luhn(body) is the check digit the till expects.
 */
const HELPERS = `
CREATE FUNCTION pg_temp.u(serial bigint, stream int) RETURNS float8 IMMUTABLE LANGUAGE sql AS
  'SELECT (hashint8extended(serial, stream) & 2147483647)::float8 / 2147483648';
CREATE FUNCTION pg_temp.luhn(body bigint) RETURNS bigint IMMUTABLE LANGUAGE sql AS
  'SELECT (10 - (${luhnDigit}) % 10) % 10';`;

/**
 * Sales per day and company: December (its last ten days most), the spring holidays and Fridays and weekends
 * sell more, summer less, and the business grows 30 % over the two years. `first` numbers each day's certificates.
 */
const DAYS_TABLE = `
CREATE TEMP TABLE volume_days AS
WITH weighted AS (
  SELECT c.supplier_id, c.time_zone, c.currency, c.cashiers, c.certificates, c.base, day::date AS day,
    (CASE extract(month FROM day) WHEN 12 THEN 2.2 WHEN 11 THEN 1.2 WHEN 3 THEN 1.3 WHEN 2 THEN 1.15 WHEN 7 THEN 0.8 WHEN 8 THEN 0.8 ELSE 1 END)
    * (CASE WHEN extract(month FROM day) = 12 AND extract(day FROM day) >= 20 THEN 1.6 ELSE 1 END)
    * (CASE extract(isodow FROM day) WHEN 5 THEN 1.25 WHEN 6 THEN 1.4 WHEN 7 THEN 1.1 WHEN 1 THEN 0.8 ELSE 0.95 END)
    * (1 + 0.3 * (day::date - (current_date - ${DAYS - 1})) / ${DAYS}.0) AS weight
  FROM volume_companies c
  CROSS JOIN generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day') AS day
), counted AS (
  SELECT *, round(certificates * weight / sum(weight) OVER (PARTITION BY supplier_id))::int AS count FROM weighted
)
SELECT *, base + sum(count) OVER (PARTITION BY supplier_id ORDER BY day) - count AS first FROM counted`;

/**
 * One month of every company's sales and their ledger, in one statement: a plan row per certificate (product,
 * denomination, purchase time, how many visits, whether it is spent in full), the certificates made from it, and
 * the ledger entries of each visit (about one in twenty preceded by a refused attempt for more than the balance).
 */
const MONTH_CHUNK = `
WITH plan AS MATERIALIZED (
  SELECT d.supplier_id, d.currency, d.cashiers, s.serial, p.id AS product_id, p.uses, body::text, body::text || pg_temp.luhn(body) AS number,
    p.vals[1 + floor(pg_temp.u(s.serial, 2) * array_length(p.vals, 1))::int] AS denomination,
    least(((d.day + interval '8 hours' + interval '15 hours' * (pg_temp.u(s.serial, 3) + pg_temp.u(s.serial, 4) + pg_temp.u(s.serial, 5)) / 3)::timestamp
      AT TIME ZONE d.time_zone), now() - interval '1 minute') AS purchased_at,
    least(coalesce(p.uses, 5), CASE WHEN pg_temp.u(s.serial, 6) < 0.18 THEN 0 WHEN pg_temp.u(s.serial, 6) < 0.42 THEN 1
      WHEN pg_temp.u(s.serial, 6) < 0.67 THEN 2 WHEN pg_temp.u(s.serial, 6) < 0.83 THEN 3 WHEN pg_temp.u(s.serial, 6) < 0.94 THEN 4 ELSE 5 END) AS visits,
    pg_temp.u(s.serial, 7) AS r_full, pg_temp.u(s.serial, 8) AS r_blocked, pg_temp.u(s.serial, 9) AS r_channel, pg_temp.u(s.serial, 10) AS r_parameter
  FROM volume_days d
  CROSS JOIN generate_series(d.first, d.first + d.count - 1) AS s(serial)
  CROSS JOIN LATERAL (SELECT 500000000000000 + s.serial AS body) AS b
  JOIN volume_products p ON p.supplier_id = d.supplier_id AND pg_temp.u(s.serial, 1) >= p.share_from AND pg_temp.u(s.serial, 1) < p.share_to
  WHERE d.day >= $1::date AND d.day < $2::date
), spending AS MATERIALIZED (
  SELECT plan.*, full_use,
    CASE WHEN visits = 0 THEN 0 WHEN full_use THEN floor(denomination / visits / 1000) * 1000
      ELSE greatest(1000, floor(denomination * 0.7 / visits / 1000) * 1000) END AS part
  FROM plan CROSS JOIN LATERAL (SELECT visits > 0 AND (visits = uses OR (uses IS NULL AND r_full < 0.45)) AS full_use) AS f
), made AS (
  INSERT INTO certificates (number, pin_hash, product_id, supplier_id, status, order_number, channel, purchased_at, valid_until,
    denomination, balance, redemptions_left, currency, parameter)
  SELECT number, md5(number) || md5(body), product_id, supplier_id,
    CASE WHEN r_blocked < 0.01 AND NOT full_use THEN 'blocked' WHEN full_use THEN 'redeemed' ELSE 'active' END,
    'VG-' || lpad((serial * 4 / 5)::text, 9, '0'),
    CASE WHEN r_channel < 0.6 THEN 'marketplace' WHEN r_channel < 0.9 THEN 'website' ELSE 'corporate' END,
    purchased_at, purchased_at + interval '12 months', denomination,
    CASE WHEN full_use THEN 0 ELSE denomination - visits * part END, uses - visits, currency,
    CASE WHEN r_parameter < 0.05 THEN 'Recipient ' || serial % 997 END
  FROM spending
  RETURNING id, number, order_number
)
INSERT INTO redemptions (transaction_number, certificate_id, certificate_number, order_number, currency, supplier_id, user_id,
  amount, status, error_code, created_at)
SELECT 'RV' || body || visit || kind, made.id, number, made.order_number, currency, supplier_id, cashiers[1 + (serial + visit) % array_length(cashiers, 1)],
  CASE WHEN kind = 'E' THEN denomination - (visit - 1) * part + 1000 * (1 + serial % 50)
    WHEN full_use AND visit = visits THEN denomination - (visits - 1) * part ELSE part END,
  CASE kind WHEN 'S' THEN 'success' ELSE 'error' END,
  CASE kind WHEN 'E' THEN 'AMOUNT_EXCEEDS_BALANCE' END,
  at - CASE kind WHEN 'E' THEN least(interval '1 minute', (at - purchased_at) / 2) ELSE interval '0' END
FROM spending
JOIN made USING (number)
CROSS JOIN LATERAL generate_series(1, visits) AS visit
CROSS JOIN LATERAL (SELECT purchased_at + (least(now(), purchased_at + interval '12 months') - purchased_at) * 0.7
  * ((visit - 1) + pg_temp.u(serial * 8 + visit, 11)) / visits AS at) AS t
CROSS JOIN LATERAL (VALUES ('S'), ('E')) AS k(kind)
WHERE kind = 'S' OR pg_temp.u(serial * 8 + visit, 12) < 0.05
ORDER BY 11`;

async function seedVolume(client: pg.Client, seeded: Seeded) {
  // A month's plan, its join and its sort fit in memory.
  await client.query("SET work_mem = '128MB'");
  await client.query("SET maintenance_work_mem = '256MB'");
  // A bulk load of rows made consistent by construction: the foreign-key triggers would only double its time.
  await client.query('SET session_replication_role = replica');
  await client.query(HELPERS);
  await client.query(
    `CREATE TEMP TABLE volume_companies AS SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS c(supplier_id uuid, time_zone text, currency text, cashiers uuid[], certificates int, base bigint)`,
    [
      JSON.stringify(
        seeded.map(({ supplierId, company, cashiers }, index) => ({
          supplier_id: supplierId,
          time_zone: company.timeZone,
          currency: company.currency,
          cashiers,
          certificates: company.certificates,
          base: (index + 1) * 10_000_000,
        })),
      ),
    ],
  );
  await client.query(
    `CREATE TEMP TABLE volume_products AS SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS p(supplier_id uuid, id uuid, vals int[], uses int, share_from float8, share_to float8)`,
    [
      JSON.stringify(
        seeded.flatMap(({ supplierId, products }) =>
          products.map((product) => ({
            supplier_id: supplierId,
            id: product.id,
            vals: product.values,
            uses: product.uses,
            share_from: product.from,
            share_to: product.to,
          })),
        ),
      ),
    ],
  );
  await client.query(DAYS_TABLE);
  const { rows: months } = await client.query<{ month: string }>(
    `SELECT to_char(month, 'YYYY-MM-DD') AS month FROM generate_series(date_trunc('month', current_date - ${DAYS - 1}), current_date, interval '1 month') AS month`,
  );
  // One transaction: the two tables' secondary indexes are dropped, the rows loaded, and the indexes built again
  // from their own definitions (faster than keeping them up to date row by row); a failure leaves them as they were.
  await client.query('BEGIN');
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = 'public' AND tablename IN ('certificates', 'redemptions') AND indexname NOT LIKE '%\\_pkey'`,
  );
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  for (const [index, { month }] of months.entries()) {
    const started = performance.now();
    const next = months[index + 1]?.month ?? '9999-12-31';
    const { rowCount } = await client.query(MONTH_CHUNK, [month, next]);
    say(`${month.slice(0, 7)}: ${rowCount} ledger entries, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  for (const { definition } of indexes) await client.query(definition);
  await client.query('COMMIT');
  say(`${indexes.length} indexes built again, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const started = performance.now();
const fresh = process.argv.includes('--fresh');
if (!process.env.DATABASE_URL || fresh) await prepareDatabase(fresh);
const database = await openDatabase({ url: VOLUME_URL });
try {
  const db = database.db;
  await seedDemo(db, await loadKeys(db));
  const [existing] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, VOLUME_COMPANY));
  if (existing) {
    say(`${VOLUME_COMPANY} is already there: run with --fresh to make the database again.`);
  } else {
    const seeded = await seedCompanies(db);
    const client = new pg.Client({ connectionString: VOLUME_URL });
    await client.connect();
    try {
      await seedVolume(client, seeded);
      // As a database that has lived with these rows: statistics, and the visibility map index-only scans rely on.
      say('VACUUM ANALYZE…');
      await client.query('VACUUM (ANALYZE) certificates, redemptions');
      await client.query('ANALYZE');
    } finally {
      await client.end();
    }
  }
  const counts = new pg.Client({ connectionString: VOLUME_URL });
  await counts.connect();
  const { rows } = await counts.query(
    `SELECT s.name, (SELECT count(*) FROM certificates c WHERE c.supplier_id = s.id)::int AS certificates,
       (SELECT count(*) FROM redemptions r WHERE r.supplier_id = s.id)::int AS redemptions
     FROM suppliers s ORDER BY 2 DESC, 1`,
  );
  await counts.end();
  for (const row of rows.filter((row) => row.certificates > 0))
    say(
      `${row.name.padEnd(20)} ${String(row.certificates).padStart(9)} certificates ${String(row.redemptions).padStart(9)} ledger entries`,
    );
  say(`${VOLUME_URL.replace(/\/\/[^@]*@/, '//')}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await database.close();
}
