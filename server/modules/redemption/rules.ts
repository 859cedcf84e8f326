import type { BarcodeType, CodeType } from '@contract/catalogue';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import { products } from '../../db/schema';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { compilePattern, type CompiledPattern } from '../../lib/pattern';
import { admitsOnlyDigits } from './code-digits';

/**
 * The format rules of a company's live products (decision 055): a typed number
 * or PIN that no product of the company could have is refused before any
 * lookup, so it neither touches the certificates nor counts as a failed lookup.
 * A pattern is no secret (the company published it), so the refusal tells
 * nothing about which certificates exist.
 */
interface ProductRules {
  /** Null: any number (the platform's own numbers). */
  code: CompiledPattern | null;
  /** Null: any PIN, also when the product needs none (its certificates have no PIN to compare). */
  pin: CompiledPattern | null;
  /** Every number of the product is digits: the till's keyboard may be numeric (decision 065). */
  digitsOnly: boolean;
  /** The symbology of the product's labels, when it is one whose check digit is optional; else null. */
  checkDigitBarcode: CheckDigitBarcode | null;
  /** The product's own numbers: the platform's 16 digits; null for a provider's. */
  own: boolean;
}

/** Labels that may carry an optional check digit after the number: Code 39 (mod 43) and ITF (mod 10). */
type CheckDigitBarcode = Extract<BarcodeType, 'code39' | 'i25'>;
const CODE39_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

/** The check character the symbology would append to `data`, or null where `data` is not of its alphabet. */
function checkCharacter(barcode: CheckDigitBarcode, data: string): string | null {
  if (barcode === 'code39') {
    let sum = 0;
    for (const char of data) {
      const value = CODE39_CHARS.indexOf(char);
      if (value < 0) return null;
      sum += value;
    }
    return CODE39_CHARS[sum % 43]!;
  }
  if (!/^\d+$/.test(data)) return null;
  // ITF's (GS1's) weights: 3 on the last digit of the data, then 1 and 3 in turn leftwards.
  let sum = 0;
  for (let index = 0; index < data.length; index += 1) sum += Number(data[data.length - 1 - index]) * (index % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** How long a company's compiled rules are reused; a product that goes live drops them at once. */
export const RULES_TTL_MS = 30_000;
/** Companies whose rules are kept; the oldest entry goes first. */
const CACHE_LIMIT = 1000;

const cache = new Map<string, { rules: ProductRules[]; loadedAt: number }>();
/** Bumped by every invalidation: a load that began before one is not cached (it may have read the old rules). */
let generation = 0;

/** The rule columns of the company's products with a live copy: certificates exist only for those. */
const liveRulesOf = prepared((db) =>
  db
    .select({
      pinRequired: products.pinRequired,
      codePattern: products.codePattern,
      pinPattern: products.pinPattern,
      codeType: sql<CodeType | null>`${products.live}->'information'->>'codeType'`,
      barcodeType: sql<BarcodeType | null>`${products.live}->'information'->>'barcodeType'`,
    })
    .from(products)
    .where(and(eq(products.supplierId, sql.placeholder('supplierId')), isNotNull(products.live)))
    .prepare('till_rules_of_supplier'),
);

// A pattern that does not compile (submit refuses those) restricts nothing: the lookup still decides.
const compiled = (source: string | null) => (source ? compilePattern(source) : null);

/**
 * Own codes are the platform's numbers (16 digits, server/modules/partner); a
 * provider's are digits only when its pattern says so. A provider without a
 * pattern, or a live copy without its technical step, may have any code.
 */
const digitsOnly = (codeType: CodeType | null, codePattern: string | null): boolean =>
  codeType === 'own' || (codeType === 'provider' && codePattern !== null && admitsOnlyDigits(codePattern));

/** The company's rules, cached unless `fresh` asks for them as the database has them now. */
async function rulesOf(deps: Deps, supplierId: string, fresh = false): Promise<ProductRules[]> {
  const now = deps.now().getTime();
  const cached = cache.get(supplierId);
  if (!fresh && cached && now >= cached.loadedAt && now < cached.loadedAt + RULES_TTL_MS) return cached.rules;

  const started = generation;
  const rows = await liveRulesOf(deps.db).execute({ supplierId });
  const rules = rows.map((row) => ({
    code: compiled(row.codePattern),
    pin: row.pinRequired ? compiled(row.pinPattern) : null,
    digitsOnly: digitsOnly(row.codeType, row.codePattern),
    checkDigitBarcode: row.barcodeType === 'code39' || row.barcodeType === 'i25' ? row.barcodeType : null,
    own: row.codeType === 'own',
  }));
  if (started === generation) {
    cache.delete(supplierId);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(supplierId, { rules, loadedAt: now });
  }
  return rules;
}

/**
 * Drops the company's cached rules: call it after the transaction that puts a
 * product's copy live (approval, a staff edit of a live product) has committed.
 */
export function forgetTillRules(supplierId: string): void {
  generation += 1;
  cache.delete(supplierId);
}

/**
 * Refuses a number that matches no live product's code pattern (when every
 * live product has one) with CERTIFICATE_NUMBER_INVALID, and a PIN that
 * matches the PIN pattern of none of the products the number could belong to
 * with PIN_FORMAT_INVALID. The number is the normalised one (no spaces or
 * dashes, upper case), as the lookup uses it. Patterns are RE2: linear time.
 */
export async function checkFormat(deps: Deps, supplierId: string, number: string, pin: string): Promise<void> {
  if (!formatRefusal(await rulesOf(deps, supplierId), number, pin)) return;
  // The cache is this process's: a product put live through another process (or machine) is not in it yet.
  // A refusal is rare, so it is decided on the rules read again.
  const refusal = formatRefusal(await rulesOf(deps, supplierId, true), number, pin);
  if (refusal) fail(refusal.code, { fields: { [refusal.field]: refusal.code } });
}

function formatRefusal(rules: ProductRules[], number: string, pin: string) {
  // No live product, no rule to apply: the lookup answers as it always has.
  if (rules.length === 0) return null;
  const candidates = rules.filter((rule) => !rule.code || rule.code.matches(number));
  if (candidates.length === 0) return { code: 'CERTIFICATE_NUMBER_INVALID', field: 'number' } as const;
  if (!candidates.some((rule) => !rule.pin || rule.pin.matches(pin))) return { code: 'PIN_FORMAT_INVALID', field: 'pin' } as const;
  return null;
}

/** Whether a product's numbers may look like this: its pattern, or the platform's 16 digits; unknown (no pattern) is no. */
const fitsFormat = (rule: ProductRules, number: string) => (rule.own ? /^\d{16}$/.test(number) : (rule.code?.matches(number) ?? false));

/**
 * The number as the company's products know it (decision 082). A Code 39 or ITF label may carry an optional check
 * digit after the number, and a scanner (or a person reading the label) passes it on. It is dropped when the product's
 * number format says so: the number as given fits no live product (none of them takes any number), while without its
 * last character it fits the format of a product printed in that symbology, and that character is the symbology's
 * check digit of the rest. Anything else is the number as given.
 */
export async function numberAsIssued(deps: Deps, supplierId: string, number: string): Promise<string> {
  const rules = await rulesOf(deps, supplierId);
  if (!rules.some((rule) => rule.checkDigitBarcode) || number.length < 2) return number;
  if (rules.some((rule) => (!rule.own && !rule.code) || fitsFormat(rule, number))) return number;
  const data = number.slice(0, -1);
  const stripped = rules.some(
    (rule) => rule.checkDigitBarcode && fitsFormat(rule, data) && checkCharacter(rule.checkDigitBarcode, data) === number.at(-1),
  );
  return stripped ? data : number;
}

/** Whether every live product of the company has numbers of digits only; false without any (decision 065). */
export async function numericCodes(deps: Deps, supplierId: string): Promise<boolean> {
  const rules = await rulesOf(deps, supplierId);
  return rules.length > 0 && rules.every((rule) => rule.digitsOnly);
}
