import type { Role } from '@contract/enums';
import { withLuhnDigit } from '@contract/luhn';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { certificates, memberships, products, redemptions, users } from './db/schema';
import type { Keys } from './deps';
import { audit } from './lib/audit';
import { hashPassword } from './lib/passwords';
import { pinHash } from './modules/redemption';
import { ensureBikDirectory } from './modules/supplier';
import { seedCompanies } from './seed-companies';
import { addDemoCover, demoProduct } from './seed-products';
import { seedSales } from './seed-sales';

export const DEMO_PASSWORD = 'Demo1234';

const demoUsers = [
  { email: 'admin@demo.test', firstName: 'Anna', secondName: 'Adminova' },
  { email: 'accountant@demo.test', firstName: 'Boris', secondName: 'Schetov' },
  { email: 'redeemer@demo.test', firstName: 'Vera', secondName: 'Kassirova' },
  { email: 'moderator@demo.test', firstName: 'Maria', secondName: 'Moderova', isStaff: true },
  // A former cashier Demo Gifts has blocked (decision 53): /users shows the state; they cannot sign in.
  { email: 'blocked@demo.test', firstName: 'Gleb', secondName: 'Blokov' },
] as const;

/** Demo accounts and companies (README lists them). Does nothing if they are already there. */
export async function seedDemo(db: Db, keys: Keys): Promise<boolean> {
  // The demo companies' RU banks (and the forms) need the BIK directory; an empty one gets the shipped sample.
  await ensureBikDirectory(db);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const people = await tx
      .insert(users)
      .values(
        demoUsers.map((user) => ({
          ...user,
          passwordHash,
          phone: '+79990000000',
          region: 'ru' as const,
          status: 'active' as const,
          preferredLanguage: 'ru-RU' as const,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const id = (email: string) => people.find((person) => person.email === email)!.id;

    const admin = demoUsers[0];
    const companies = await seedCompanies(
      tx,
      { id: id(admin.email), name: `${admin.firstName} ${admin.secondName}`, email: admin.email },
      new Date(),
      id('moderator@demo.test'),
    );
    const { main, branch } = companies;

    const member = (email: string, supplierId: string, roles: Role[]) => ({ userId: id(email), supplierId, roles });
    await tx
      .insert(memberships)
      .values([
        ...Object.values(companies).map((supplierId) => member('admin@demo.test', supplierId, ['roleAdmin'])),
        member('accountant@demo.test', main, ['roleAccountant']),
        member('redeemer@demo.test', main, ['roleRedeemer']),
        { ...member('blocked@demo.test', main, ['roleRedeemer']), status: 'blocked' as const },
      ]);
    const blocked = { userId: id(admin.email), supplierId: main, subjectUserId: id('blocked@demo.test') };
    await audit(tx, { action: 'member.added', ...blocked, details: { roles: ['roleRedeemer'] } }, new Date(Date.now() - 60_000));
    await audit(tx, { action: 'member.blocked', ...blocked, details: { reason: 'Left the company' } }, new Date());
    await seedCertificates(tx, keys, { main, branch }, { main: id('redeemer@demo.test'), branch: id(admin.email) });
  });
  return true;
}

const MONTH_MS = 30 * 86_400_000;

/**
 * One certificate in every state the till meets (README lists them). Amounts
 * are kopecks; each used one has ledger entries that add up to its balance.
 */
export const DEMO_CERTIFICATES = [
  { body: '700000000000001', pin: '111111', state: 'active, full', product: 'card', amount: 500_000, spent: [] },
  {
    body: '700000000000002',
    pin: '222222',
    state: 'active, partly used, its holder told the balance after each redemption',
    product: 'card',
    amount: 300_000,
    spent: [50_000, 70_000],
    holder: 'anna.smirnova@example.com',
  },
  { body: '700000000000003', pin: '333333', state: 'fully redeemed', product: 'card', amount: 100_000, spent: [100_000] },
  { body: '700000000000004', pin: '444444', state: 'expired', product: 'card', amount: 200_000, spent: [], expired: true },
  { body: '700000000000005', pin: '555555', state: 'blocked', product: 'card', amount: 150_000, spent: [], blocked: true },
  { body: '700000000000006', pin: '666666', state: 'multi-use, 3 visits, 1 used', product: 'spa', amount: 600_000, spent: [200_000] },
  {
    body: '700000000000007',
    pin: '777777',
    state: 'active, of the branch Demo Gifts Kazan',
    product: 'branch',
    amount: 100_000,
    spent: [],
  },
].map((certificate) => ({ ...certificate, number: withLuhnDigit(certificate.body) }));

/** The demo products (README lists them); `sales` weights how often each sells in the demo history. */
const DEMO_PRODUCTS = {
  card: {
    company: 'main',
    name: 'Demo Gifts card',
    productType: 'goods',
    values: [100_000, 150_000, 200_000, 300_000, 500_000],
    uses: null,
    sales: 6,
  },
  spa: { company: 'main', name: 'Spa: three visits', productType: 'beauty', values: [600_000], uses: 3, sales: 1 },
  branch: { company: 'branch', name: 'Kazan gift card', productType: 'goods', values: [100_000, 200_000], uses: null, sales: 1 },
} as const;

async function seedCertificates(
  tx: Tx,
  keys: Keys,
  supplierIds: { main: string; branch: string },
  cashierIds: { main: string; branch: string },
) {
  const now = Date.now();
  const specs = Object.values(DEMO_PRODUCTS);
  const made = await tx
    .insert(products)
    .values(
      specs.map(({ company, name, productType, values, uses }) =>
        // Approved before the oldest demo certificate was sold (14 months ago).
        demoProduct({
          supplierId: supplierIds[company],
          name,
          productType,
          values: [...values],
          uses,
          approvedAt: new Date(now - 15 * MONTH_MS),
        }),
      ),
    )
    .returning({ id: products.id, supplierId: products.supplierId, name: products.name });
  const productOf = { card: made[0]!, spa: made[1]!, branch: made[2]! };
  for (const [product, background] of [
    [productOf.card, '#6B4EFF'],
    [productOf.spa, '#2E8B7A'],
    [productOf.branch, '#C2185B'],
  ] as const)
    await addDemoCover(tx, product, background);

  for (const demo of DEMO_CERTIFICATES) {
    const product = productOf[demo.product as keyof typeof productOf];
    const spent = demo.spent.reduce((sum, amount) => sum + amount, 0);
    const purchasedAt = new Date(now - (demo.expired ? 14 : 1) * MONTH_MS);
    const [certificate] = await tx
      .insert(certificates)
      .values({
        number: demo.number,
        pinHash: pinHash({ keys }, demo.number, demo.pin),
        productId: product.id,
        supplierId: product.supplierId,
        status: demo.blocked ? 'blocked' : spent === demo.amount ? 'redeemed' : 'active',
        orderNumber: `DEMO-${demo.body.slice(-3)}`,
        channel: 'marketplace',
        purchasedAt,
        validUntil: new Date(purchasedAt.getTime() + 12 * MONTH_MS),
        denomination: demo.amount,
        balance: demo.amount - spent,
        holderEmail: demo.holder ?? null,
        holderLanguage: demo.holder ? 'ru' : null,
        redemptionsLeft: demo.product === 'spa' ? 3 - demo.spent.length : null,
        currency: 'RUB',
      })
      .returning({
        id: certificates.id,
        number: certificates.number,
        orderNumber: certificates.orderNumber,
        currency: certificates.currency,
      });
    if (demo.spent.length) {
      await tx.insert(redemptions).values(
        demo.spent.map((amount, index) => ({
          transactionNumber: `RDEMO${demo.body.slice(-3)}${index + 1}`,
          certificateId: certificate!.id,
          certificateNumber: certificate!.number,
          orderNumber: certificate!.orderNumber,
          currency: certificate!.currency,
          supplierId: product.supplierId,
          userId: cashierIds.main,
          amount,
          status: 'success' as const,
          createdAt: new Date(purchasedAt.getTime() + (index + 1) * 86_400_000),
        })),
      );
    }
  }
  await seedSales(
    tx,
    keys,
    (['main', 'branch'] as const).map((company) => ({
      products: specs.flatMap(({ company: owner, values, uses, sales }, index) =>
        owner === company ? [{ product: { ...made[index]!, values: [...values], uses }, weight: sales }] : [],
      ),
      certificates: company === 'main' ? 200 : 15,
      cashierId: cashierIds[company],
    })),
    new Date(now),
  );
}
