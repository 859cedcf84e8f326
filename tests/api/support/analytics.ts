import type { ProductStatus } from '@contract/catalogue';
import { COUNTRY_CURRENCY, type Country, type Role, type SupplierStatus } from '@contract/enums';
import { and, eq } from 'drizzle-orm';
import { certificates, memberships, products, redemptions, suppliers, users } from '../../../server/db/schema';
import { demoProduct } from '../../../server/seed-products';
import type { TestApp } from './app';
import { freshEmail } from './auth';

export const ANALYTICS = '/api/front/analytics';

/**
 * Report data written straight to the database (the till and the issuing API are tested elsewhere): a company of
 * a country, its members, products, certificates bought at given instants and ledger entries made at given instants.
 */

let serial = 0;
const next = () => (serial += 1);

/** A company of its own (no demo data in it), by country and status. */
export async function reportCompany(test: TestApp, country: Country = 'RU', status: SupplierStatus = 'active'): Promise<string> {
  const name = `Report Co ${next()}`;
  const [row] = await test.database.db
    .insert(suppliers)
    .values({ name, supplierName: name, country, status })
    .returning({ id: suppliers.id });
  return row!.id;
}

/** A signed-in member with these roles (the demo password). */
export async function reportMember(test: TestApp, supplierId: string, roles: Role[]) {
  const { userId, email } = await newUser(test, roles.join('-') || 'member');
  await test.database.db.insert(memberships).values({ userId, supplierId, roles });
  return { userId, email, token: (await test.login(email)).accessToken };
}

/** Blocks a member in one company (their token stays valid: the block is read on every call, decision 53). */
export const blockMember = (test: TestApp, userId: string, supplierId: string) =>
  test.database.db
    .update(memberships)
    .set({ status: 'blocked' })
    .where(and(eq(memberships.userId, userId), eq(memberships.supplierId, supplierId)));

/** Adds a membership of someone existing to another company. */
export const addMembership = (test: TestApp, userId: string, supplierId: string, roles: Role[]) =>
  test.database.db.insert(memberships).values({ userId, supplierId, roles });

/** A signed-in person who belongs to no company. */
export async function stranger(test: TestApp) {
  const { userId, email } = await newUser(test, 'stranger');
  return { userId, token: (await test.login(email)).accessToken };
}

async function newUser(test: TestApp, label: string): Promise<{ userId: string; email: string }> {
  const { db } = test.database;
  // Every demo account has the demo password: its hash serves (hashing again would cost a second a person).
  const [demo] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, 'admin@demo.test'));
  const email = freshEmail(label.toLowerCase());
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: demo!.passwordHash,
      firstName: 'Rita',
      secondName: 'Reportova',
      phone: '+79990000000',
      region: 'ru',
      status: 'active',
      preferredLanguage: 'en-US',
    })
    .returning({ id: users.id });
  return { userId: row!.id, email };
}

export async function reportProduct(
  test: TestApp,
  supplierId: string,
  name = 'Gift card',
  status: ProductStatus = 'active',
): Promise<string> {
  const [row] = await test.database.db
    .insert(products)
    .values({ ...demoProduct({ supplierId, name, productType: 'goods', values: [100_000], uses: null }), status })
    .returning({ id: products.id });
  return row!.id;
}

export interface CertificateSpec {
  supplierId: string;
  productId: string;
  /** The purchase instant, ISO. */
  at: string;
  denomination?: number;
  /** Defaults to the denomination less what `spent` redeems. */
  balance?: number;
  validUntil?: string;
  status?: 'active' | 'redeemed' | 'blocked';
  orderNumber?: string;
  number?: string;
  parameter?: string | null;
  currency?: string;
}

export async function addCertificate(test: TestApp, spec: CertificateSpec) {
  const id = next();
  const denomination = spec.denomination ?? 100_000;
  const [row] = await test.database.db
    .insert(certificates)
    .values({
      number: spec.number ?? `RC${String(id).padStart(10, '0')}`,
      productId: spec.productId,
      supplierId: spec.supplierId,
      status: spec.status ?? 'active',
      orderNumber: spec.orderNumber ?? `ord-${id}`,
      channel: 'marketplace',
      purchasedAt: new Date(spec.at),
      validUntil: new Date(spec.validUntil ?? Date.parse(spec.at) + 365 * 86_400_000),
      denomination,
      balance: spec.balance ?? denomination,
      currency: spec.currency ?? 'RUB',
      parameter: spec.parameter ?? null,
    })
    .returning();
  return row!;
}

/** A ledger entry; a successful one also lowers the certificate's balance, as the till does. */
export async function addRedemption(
  test: TestApp,
  certificate: { id: string; supplierId: string; number: string; orderNumber: string; currency: string },
  entry: { at: string; amount: number; userId: string; status?: 'success' | 'error'; errorCode?: string },
) {
  const { db } = test.database;
  const status = entry.status ?? 'success';
  const [row] = await db
    .insert(redemptions)
    .values({
      transactionNumber: `T${String(next()).padStart(12, '0')}`,
      certificateId: certificate.id,
      certificateNumber: certificate.number,
      orderNumber: certificate.orderNumber,
      currency: certificate.currency,
      supplierId: certificate.supplierId,
      userId: entry.userId,
      amount: entry.amount,
      status,
      errorCode: status === 'error' ? (entry.errorCode ?? 'INSUFFICIENT_BALANCE') : null,
      createdAt: new Date(entry.at),
    })
    .returning();
  if (status === 'success') {
    const [current] = await db.select({ balance: certificates.balance }).from(certificates).where(eq(certificates.id, certificate.id));
    await db
      .update(certificates)
      .set({ balance: current!.balance - entry.amount })
      .where(eq(certificates.id, certificate.id));
  }
  return row!;
}

export const currencyOf = (country: Country) => COUNTRY_CURRENCY[country];

/** The analytics calls as one person makes them. */
export function analyticsAs(test: TestApp, token: string, supplierId: string) {
  const query = (params: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries({ supplierId, ...params }).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    ).toString();
  type Params = Record<string, string | number | undefined>;
  return {
    sales: (params: Params = {}) => test.call('GET', `${ANALYTICS}/sales?${query(params)}`, { token }),
    salesSummary: (params: Params = {}) => test.call('GET', `${ANALYTICS}/sales/summary?${query(params)}`, { token }),
    redemption: (params: Params = {}) => test.call('GET', `${ANALYTICS}/redemption?${query(params)}`, { token }),
    redemptionSummary: (params: Params = {}) => test.call('GET', `${ANALYTICS}/redemption/summary?${query(params)}`, { token }),
    liability: () => test.call('GET', `${ANALYTICS}/liability?${query({})}`, { token }),
    dashboard: () => test.call('GET', `${ANALYTICS}/dashboard?${query({})}`, { token }),
  };
}

/** Puts the test's clock at an instant (sign in after it: an access token lives minutes by this clock). */
export const setClock = (test: TestApp, iso: string) => test.clock.advance(Date.parse(iso) - test.clock.now().getTime());

/** A company with a product and an admin signed in: most report tests start here. */
export async function reportSetup(test: TestApp, country: Country = 'RU') {
  const supplierId = await reportCompany(test, country);
  const productId = await reportProduct(test, supplierId);
  const admin = await reportMember(test, supplierId, ['roleAdmin']);
  const certificate = (spec: Omit<CertificateSpec, 'supplierId' | 'productId'> & { productId?: string }) =>
    addCertificate(test, { supplierId, currency: currencyOf(country), ...spec, productId: spec.productId ?? productId });
  return { supplierId, productId, admin, api: analyticsAs(test, admin.token, supplierId), certificate };
}
