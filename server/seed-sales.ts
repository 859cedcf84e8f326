import type { ErrorCode } from '@contract/errors';
import { withLuhnDigit } from '@contract/luhn';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './db/client';
import { certificates, redemptions } from './db/schema';
import type { Keys } from './deps';
import { pinHash } from './modules/redemption';

/**
 * Ninety days of demo sales and redemptions (decision 057), so that the reports, their charts, the liability and
 * the dashboard show something believable. Deterministic (a seeded generator) and relative to `now`; one insert per
 * table, because the API tests seed a fresh database often. Numbers start with 79 (the seven till certificates with
 * 70), and each PIN is the number's last six digits, so any of them can be tried at the till.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DAYS = 90;
/** The demo companies are in Moscow, which keeps UTC+3 all year: their shop hours are counted from its midnights. */
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;
/** Amounts at the till are whole tens of roubles (money is minor units). */
const TILL_STEP = 1_000;

export interface SalesProduct {
  id: string;
  supplierId: string;
  /** Fixed denominations, minor units. */
  values: number[];
  /** Redemptions one certificate allows; null is unlimited. */
  uses: number | null;
}

export interface SalesCompany {
  /** Products on sale and how often each is bought (weights). */
  products: { product: SalesProduct; weight: number }[];
  certificates: number;
  /** Who redeems at this company's till. */
  cashierId: string;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (limit: number) => Math.floor(next() * limit);
  const weighted = <T>(items: readonly { weight: number; value: T }[]): T => {
    let left = next() * items.reduce((sum, item) => sum + item.weight, 0);
    for (const item of items) if ((left -= item.weight) < 0) return item.value;
    return items.at(-1)!.value;
  };
  return { next, below, weighted, chance: (probability: number) => next() < probability };
}
type Random = ReturnType<typeof generator>;

// Lunchtime and evenings sell most (weights of each hour from 08:00 to 23:00).
const SALE_HOURS = [1, 2, 3, 4, 6, 6, 4, 4, 4, 5, 7, 8, 8, 6, 3, 1].map((weight, index) => ({ value: 8 + index, weight }));
// Saturday sells most, Monday least (0 is Sunday).
const WEEKDAY_WEIGHT = [1.2, 0.7, 0.8, 0.9, 0.9, 1.3, 1.5];
const DENOMINATION_WEIGHT: Record<number, number> = { 100_000: 3, 150_000: 2, 200_000: 3, 300_000: 2, 500_000: 1 };
const CHANNELS = [
  { value: 'marketplace', weight: 6 },
  { value: 'website', weight: 3 },
  { value: 'corporate', weight: 1 },
];
const RECIPIENTS = ['Ольга Смирнова', 'Иван Петров', 'Для мамы', 'С днём рождения, Катя!', 'Отдел продаж', 'Сергей К.'];

const localMidnight = (at: number) => Math.floor((at + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;

/** A purchase time in the last 90 days: busier weekends and evenings, never after `now`. */
function purchaseTime(random: Random, now: number): number {
  for (;;) {
    const day = localMidnight(now) - random.below(DAYS) * DAY_MS;
    if (!random.chance(WEEKDAY_WEIGHT[new Date(day + MOSCOW_OFFSET_MS).getUTCDay()]! / 1.5)) continue;
    const at = day + random.weighted(SALE_HOURS) * HOUR_MS + random.below(HOUR_MS);
    if (at < now) return at;
  }
}

/** A till's time over an hour after `after` (10:00–21:00 Moscow, mostly within days), or none before `now`. */
function tillTime(random: Random, after: number, now: number): number | undefined {
  const day = localMidnight(after + HOUR_MS + random.next() * random.next() * 30 * DAY_MS);
  const at = day + (10 + random.below(11)) * HOUR_MS + random.below(HOUR_MS);
  if (at > after + HOUR_MS && at < now) return at;
  const soon = after + HOUR_MS + random.below(3 * HOUR_MS);
  return soon < now ? soon : undefined;
}

interface Sale {
  product: SalesProduct;
  cashierId: string;
  purchasedAt: number;
  denomination: number;
  channel: string;
  parameter: string | null;
  blocked: boolean;
  /** The till's ledger for this certificate, oldest first. */
  ledger: { amount: number; at: number; errorCode?: ErrorCode }[];
}

/** Spends part or all of a certificate over one to three visits; now and then a refused attempt too. */
function spending(random: Random, sale: Omit<Sale, 'ledger'>, now: number): Sale['ledger'] {
  const ageShare = (now - sale.purchasedAt) / (DAYS * DAY_MS);
  if (!random.chance(0.15 + 0.6 * ageShare)) return [];
  const { uses } = sale.product;
  const visits = 1 + random.below(uses ?? 3);
  const spendAll = uses !== null ? visits === uses : random.chance(0.4);
  const ledger: Sale['ledger'] = [];
  let balance = sale.denomination;
  let at = sale.purchasedAt;
  for (let visit = 1; visit <= visits && balance > 0; visit++) {
    const next = tillTime(random, at, now);
    if (next === undefined) break;
    at = next;
    // A visit of a multi-use certificate spends its share; a purchase spends a part, the last one of a spender all.
    const share =
      uses !== null ? Math.floor(sale.denomination / uses) : Math.round((balance * (0.2 + 0.5 * random.next())) / TILL_STEP) * TILL_STEP;
    const amount = visit === visits && spendAll ? balance : Math.min(balance, Math.max(TILL_STEP * 10, share));
    // The cashier typed more than is left, then the right amount.
    if (random.chance(0.05))
      ledger.push({ amount: balance + TILL_STEP * (1 + random.below(50)), at: at - 60_000, errorCode: 'AMOUNT_EXCEEDS_BALANCE' });
    ledger.push({ amount, at });
    balance -= amount;
  }
  const last = tillTime(random, at, now);
  if (balance === 0 && last !== undefined && random.chance(0.1))
    ledger.push({ amount: TILL_STEP * 50, at: last, errorCode: 'CERTIFICATE_REDEEMED' });
  return ledger;
}

function sales(random: Random, company: SalesCompany, now: number): Sale[] {
  const made: Sale[] = [];
  for (let count = 0; count < company.certificates; count++) {
    // About one certificate in six is one more of the order before it: the same product, time and channel.
    const order = made.length && random.chance(0.17) ? made.at(-1) : undefined;
    const product = order?.product ?? random.weighted(company.products.map(({ product, weight }) => ({ value: product, weight })));
    const sale = {
      product,
      cashierId: company.cashierId,
      purchasedAt: order?.purchasedAt ?? purchaseTime(random, now),
      denomination: random.weighted(product.values.map((value) => ({ value, weight: DENOMINATION_WEIGHT[value] ?? 1 }))),
      channel: order?.channel ?? random.weighted(CHANNELS),
      parameter: order ? order.parameter : random.chance(0.08) ? RECIPIENTS[random.below(RECIPIENTS.length)]! : null,
      blocked: random.chance(0.025),
    };
    const ledger = spending(random, sale, now);
    const spent = ledger.reduce((sum, entry) => sum + (entry.errorCode ? 0 : entry.amount), 0);
    // Blocking stops what is left, so a fully spent certificate is not blocked; a try after the block is refused.
    const blocked = sale.blocked && spent < sale.denomination;
    const tried = blocked && random.chance(0.5) ? tillTime(random, ledger.at(-1)?.at ?? sale.purchasedAt, now) : undefined;
    if (tried !== undefined) ledger.push({ amount: TILL_STEP * 100, at: tried, errorCode: 'CERTIFICATE_BLOCKED' });
    made.push({ ...sale, blocked, ledger });
  }
  return made;
}

/**
 * One INSERT of many rows given as one JSON parameter: drizzle's `values()` spends about a millisecond a row
 * building its statement, which every test that seeds a fresh database would pay.
 */
async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, column]) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key as keyof typeof row]]))),
  );
  await tx.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as given(${types})`);
}

const yymmdd = (at: number) => new Date(at).toISOString().slice(2, 10).replaceAll('-', '');

/** The demo companies' sales of the last 90 days before `now`, with their redemptions. */
export async function seedSales(tx: Tx, keys: Keys, companies: SalesCompany[], now: Date): Promise<void> {
  const random = generator(20_261_123);
  const all = companies.flatMap((company) => sales(random, company, now.getTime())).sort((a, b) => a.purchasedAt - b.purchasedAt);
  // The marketplace numbers orders in time (other shops' orders in between); certificates of one order are adjacent.
  let order = 310_000;
  const orderNumbers = all.map((sale, index) => {
    const previous = all[index - 1];
    const sameOrder = previous?.purchasedAt === sale.purchasedAt && previous.product.supplierId === sale.product.supplierId;
    return `GM-${sameOrder ? order : (order += 1 + random.below(4))}`;
  });
  const numbers = all.map((_, index) => withLuhnDigit(`79${String(index + 1).padStart(13, '0')}`));
  await insertRows(
    tx,
    certificates,
    all.map((sale, index) => {
      const number = numbers[index]!;
      const spent = sale.ledger.filter((entry) => !entry.errorCode);
      const balance = sale.denomination - spent.reduce((sum, entry) => sum + entry.amount, 0);
      const usesLeft = sale.product.uses === null ? null : sale.product.uses - spent.length;
      return {
        number,
        pinHash: pinHash({ keys }, number, number.slice(-6)),
        productId: sale.product.id,
        supplierId: sale.product.supplierId,
        status: sale.blocked ? ('blocked' as const) : balance === 0 || usesLeft === 0 ? ('redeemed' as const) : ('active' as const),
        orderNumber: orderNumbers[index]!,
        channel: sale.channel,
        parameter: sale.parameter,
        purchasedAt: new Date(sale.purchasedAt),
        // Twelve months of 30 days, as the till's demo certificates.
        validUntil: new Date(sale.purchasedAt + 360 * DAY_MS),
        denomination: sale.denomination,
        balance,
        redemptionsLeft: usesLeft,
        currency: 'RUB',
      };
    }),
  );
  const made = await tx
    .select({ id: certificates.id, number: certificates.number })
    .from(certificates)
    .where(inArray(certificates.number, numbers));
  const idOf = new Map(made.map((certificate) => [certificate.number, certificate.id]));
  const ledger = all.flatMap((sale, index) =>
    sale.ledger.map((entry) => ({
      ...entry,
      sale,
      number: numbers[index]!,
      orderNumber: orderNumbers[index]!,
      certificateId: idOf.get(numbers[index]!)!,
    })),
  );
  if (!ledger.length) return;
  await insertRows(
    tx,
    redemptions,
    ledger.map((entry, index) => ({
      transactionNumber: `R${yymmdd(entry.at)}S${String(index + 1).padStart(4, '0')}`,
      certificateId: entry.certificateId,
      certificateNumber: entry.number,
      orderNumber: entry.orderNumber,
      currency: 'RUB',
      supplierId: entry.sale.product.supplierId,
      userId: entry.sale.cashierId,
      amount: entry.amount,
      status: entry.errorCode ? ('error' as const) : ('success' as const),
      errorCode: entry.errorCode ?? null,
      createdAt: new Date(entry.at),
    })),
  );
}
