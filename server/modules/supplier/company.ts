import { rolesAllow } from '@contract/access';
import { TAX_ID_FIELD, type LegalData, type LegalType, type SupplierGeneralInfo, type SupplierInfo } from '@contract/company';
import type { ErrorCode } from '@contract/errors';
import { checkTaxId } from '@contract/requisites/tax-id';
import type {
  BankAccountOutput,
  CreateCompanyOutput,
  HolderNoticesBody,
  LegalDataOutput,
  UpdateCompanyOutput,
} from '@contract/schemas/company';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, suppliers } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { audit } from '../../lib/audit';
import { fail } from '../../lib/errors';
import { requireAccount, requireMembership } from '../../lib/membership';
import { answeringUnique, type UniqueAnswers } from '../../lib/unique';
import { addFounder } from '../users';
import { findBank } from './bik-directory';
import { generalInfoOf, hasBranches, isEditable, loadSupplier, supplierInfoOf, type SupplierRow } from './view';

/**
 * The company calls of SPEC §7 (decision 50). Only the company's admins may use
 * them; anyone else, members with other roles included, is told the company
 * does not exist. Every change is one conditional statement or a transaction
 * that locks the row, so parallel requests cannot slip past a rule.
 */

/** The caller must manage the company; otherwise it "does not exist" (no hint that it does). */
export async function requireCompanyAdmin(deps: Deps, auth: AuthContext, supplierId: string): Promise<void> {
  await requireMembership(deps, auth.userId, supplierId, 'manageCompany', 'SUPPLIER_NOT_FOUND');
}

const invalid = (field: string, code: ErrorCode): never => fail('VALIDATION_ERROR', { fields: { [field]: code } });

/**
 * The unique indexes a change may run into, with the coded refusal each becomes: a tax id (decision 50) or an OGRN
 * (decision 078) another company holds.
 */
const REGISTERED = {
  suppliers_country_tin_key: ['TIN_ALREADY_REGISTERED', 'tin'],
  suppliers_ogrn_key: ['OGRN_ALREADY_REGISTERED', 'data.ogrn'],
} as const satisfies UniqueAnswers;

/** Runs a change that may take a tax id or an OGRN another company holds: such a clash is a 409 at its field. */
export const claimingRequisites = <T>(work: () => Promise<T>): Promise<T> => answeringUnique(REGISTERED, work);

/**
 * Locks the company and, when named, its parent-to-be (in id order, so two
 * requests naming each other cannot deadlock), then checks the parent rule:
 * the parent is a company whose admin the caller is, that has no parent itself
 * and is active (moderated: decision 078), and a company with branches cannot
 * become a branch. A parent kept as it was is not checked again.
 */
async function lockWithParent(tx: Tx, auth: AuthContext, ids: { self?: string; parent: string | null }) {
  const wanted = [ids.self, ids.parent].filter((id): id is string => Boolean(id));
  const rows = wanted.length
    ? await tx.select().from(suppliers).where(inArray(suppliers.id, wanted)).orderBy(asc(suppliers.id)).for('update')
    : [];
  const self = ids.self ? (rows.find((row) => row.id === ids.self) ?? fail('SUPPLIER_NOT_FOUND')) : undefined;
  if (!ids.parent || self?.parentId === ids.parent) return self;
  const parent = rows.find((row) => row.id === ids.parent);
  if (!parent || parent.id === ids.self) return invalid('parentSupplierId', 'INVALID_PARENT_ID');
  // Inside the transaction, on its connection (PGlite has only one): not requireMembership.
  const [membership] = await tx
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.userId, auth.userId), eq(memberships.supplierId, parent.id)));
  if (!membership || !rolesAllow(membership.roles, 'manageCompany')) return invalid('parentSupplierId', 'INVALID_PARENT_ID');
  if (parent.parentId) return fail('PARENT_HAS_PARENT', { fields: { parentSupplierId: 'PARENT_HAS_PARENT' } });
  if (parent.status !== 'active') return fail('PARENT_NOT_ACTIVE', { fields: { parentSupplierId: 'PARENT_NOT_ACTIVE' } });
  if (self && (await hasBranches(tx, self.id))) invalid('parentSupplierId', 'INVALID_PARENT_ID');
  return self;
}

/**
 * `supplier/create`: a draft whose creator becomes its admin, for an account whose roles allow it (decision 084). Staff
 * create none (decision 077): they moderate companies.
 */
export async function createCompany(deps: Deps, auth: AuthContext, body: CreateCompanyOutput): Promise<SupplierGeneralInfo> {
  await requireAccount(deps, auth.userId, 'createCompany');
  const now = deps.now();
  const row = await claimingRequisites(() =>
    deps.db.transaction(async (tx) => {
      await lockWithParent(tx, auth, { parent: body.parentSupplierId });
      const [created] = await tx
        .insert(suppliers)
        .values({
          name: body.name,
          supplierName: body.name,
          country: body.country,
          tin: body.tin,
          webSite: body.webSite,
          parentId: body.parentSupplierId,
          status: 'draft',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await addFounder(tx, created!.id, auth.userId, now);
      await audit(tx, { action: 'supplier.create', userId: auth.userId, supplierId: created!.id, details: { tin: body.tin } }, now);
      return created!;
    }),
  );
  return generalInfoOf(row);
}

/** Legal data as stored: its OGRN (RU) also in the column whose unique index holds it once (decision 078). */
export const legalColumns = (legalType: LegalType | null, legalData: LegalData | null) => ({
  legalType,
  legalData,
  ogrn: legalData?.ogrn || null,
});

/** Locks a company of the caller's that may still change. */
async function lockEditable(tx: Tx, supplierId: string): Promise<SupplierRow> {
  const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)).for('update');
  if (!row) return fail('SUPPLIER_NOT_FOUND');
  if (!isEditable(row)) return fail('SUPPLIER_NOT_EDITABLE');
  return row;
}

/** What every change of a company also sets: a submission that rendered an older revision then retries. */
export const bumped = (deps: Deps) => ({ updatedAt: deps.now(), revision: sql`${suppliers.revision} + 1` });

/**
 * `supplier/update`: step 1 again, for a draft or a rejected company. Another
 * country clears legal and bank data (they follow the country's rules); another
 * tax id keeps the legal data only if it still fits the legal type, with the new id in it.
 */
export async function updateCompany(deps: Deps, auth: AuthContext, body: UpdateCompanyOutput): Promise<SupplierGeneralInfo> {
  await requireCompanyAdmin(deps, auth, body.supplierId);
  const row = await claimingRequisites(() =>
    deps.db.transaction(async (tx) => {
      const current = (await lockWithParent(tx, auth, { self: body.supplierId, parent: body.parentSupplierId }))!;
      if (!isEditable(current)) fail('SUPPLIER_NOT_EDITABLE');
      const countryChanged = current.country !== body.country;
      let { legalType, legalData } = current;
      const fits = legalType !== null && checkTaxId(body.country, body.tin, legalType) === null;
      if (countryChanged || (current.tin !== body.tin && !fits)) [legalType, legalData] = [null, null];
      else if (legalData && current.tin !== body.tin) legalData = { ...legalData, [TAX_ID_FIELD[body.country]]: body.tin };
      const [updated] = await tx
        .update(suppliers)
        .set({
          name: body.name,
          supplierName: legalData?.legalNameFull || body.name,
          country: body.country,
          tin: body.tin,
          webSite: body.webSite,
          parentId: body.parentSupplierId,
          ...legalColumns(legalType, legalData),
          bankData: countryChanged ? null : current.bankData,
          ...bumped(deps),
        })
        .where(eq(suppliers.id, current.id))
        .returning();
      return updated!;
    }),
  );
  return generalInfoOf(row);
}

/**
 * `supplier/cancel-create`: deletes a draft that was never submitted (its memberships go with it). One with
 * branches is refused (decision 078): they would silently become companies of their own. Only data from before
 * parents had to be active has such a draft; its admin moves the branches first.
 */
export async function cancelCreate(deps: Deps, auth: AuthContext, supplierId: string): Promise<{ supplierId: string }> {
  await requireCompanyAdmin(deps, auth, supplierId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId)).for('update');
    if (!row || !generalInfoOf(row).cancellable) fail('SUPPLIER_NOT_CANCELLABLE');
    if (await hasBranches(tx, supplierId)) fail('SUPPLIER_HAS_BRANCHES');
    await tx.delete(suppliers).where(eq(suppliers.id, supplierId));
    await audit(tx, { action: 'supplier.cancel', userId: auth.userId, supplierId }, now);
  });
  return { supplierId };
}

/** `legal-data/add`: step 2. The country is the company's, and the tax-id field holds the company's tax id. */
export async function addLegalData(deps: Deps, auth: AuthContext, body: LegalDataOutput) {
  await requireCompanyAdmin(deps, auth, body.supplierId);
  return claimingRequisites(() =>
    deps.db.transaction(async (tx) => {
      const current = await lockEditable(tx, body.supplierId);
      if (current.country !== body.country) invalid('country', 'COUNTRY_MISMATCH');
      const taxField = TAX_ID_FIELD[body.country];
      // The schema checked the tax id against the legal type (10 or 12 INN digits, BIN or IIN, CIF or DNI).
      if (body.data[taxField] !== current.tin) invalid(`data.${taxField}`, 'TIN_MISMATCH');
      const name = body.data.legalNameFull || current.name;
      await tx
        .update(suppliers)
        .set({ ...legalColumns(body.legalType, body.data), supplierName: name, ...bumped(deps) })
        .where(eq(suppliers.id, current.id));
      return { supplierId: current.id, country: body.country, legalType: body.legalType, data: body.data };
    }),
  );
}

/** `bank-account/add`: step 3. A RU account's BIK must be in the Central Bank's directory. */
export async function addBankAccount(deps: Deps, auth: AuthContext, body: BankAccountOutput) {
  await requireCompanyAdmin(deps, auth, body.supplierId);
  return deps.db.transaction(async (tx) => {
    const current = await lockEditable(tx, body.supplierId);
    if (current.country !== body.country) invalid('country', 'COUNTRY_MISMATCH');
    const { supplierId, country: _country, ...bank } = body;
    if (body.country === 'RU') {
      const known = await findBank(tx, bank.bik);
      if (!known) invalid('bik', 'BIK_NOT_FOUND');
      bank.bankName ||= known!.bankName;
    }
    await tx
      .update(suppliers)
      .set({ bankData: bank, ...bumped(deps) })
      .where(eq(suppliers.id, supplierId));
    return { supplierId, ...bank };
  });
}

export async function companyInfo(deps: Deps, auth: AuthContext, supplierId: string): Promise<SupplierInfo> {
  await requireCompanyAdmin(deps, auth, supplierId);
  return supplierInfoOf(deps.db, await loadSupplier(deps.db, supplierId));
}

export async function companyGeneralInfo(deps: Deps, auth: AuthContext, supplierId: string): Promise<SupplierGeneralInfo> {
  await requireCompanyAdmin(deps, auth, supplierId);
  return generalInfoOf(await loadSupplier(deps.db, supplierId));
}

/** `bank/bik?bik=`: the directory's bank for the form to fill in. */
export async function lookUpBik(deps: Deps, bik: string) {
  return (await findBank(deps.db, bik)) ?? fail('BIK_NOT_FOUND', { fields: { bik: 'BIK_NOT_FOUND' } });
}

/**
 * `supplier/holder-notices`: whether cardholders get a balance notice after each redemption (decision 096), in any
 * status of the company. A change leaves an audit entry; the same value again changes nothing and writes none.
 */
export async function setHolderNotices(deps: Deps, auth: AuthContext, body: HolderNoticesBody): Promise<{ holderNotices: boolean }> {
  await requireCompanyAdmin(deps, auth, body.supplierId);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(suppliers)
      .set({ holderNotices: body.holderNotices, updatedAt: now })
      .where(and(eq(suppliers.id, body.supplierId), sql`${suppliers.holderNotices} is distinct from ${body.holderNotices}`))
      .returning({ id: suppliers.id });
    if (changed)
      await audit(
        tx,
        {
          action: body.holderNotices ? 'supplier.holderNoticesOn' : 'supplier.holderNoticesOff',
          userId: auth.userId,
          supplierId: body.supplierId,
        },
        now,
      );
  });
  return { holderNotices: body.holderNotices };
}
