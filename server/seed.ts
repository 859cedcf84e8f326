import { eq } from 'drizzle-orm';
import type { Role } from '../src/contract/enums';
import type { Db } from './db/client';
import { memberships, suppliers, users } from './db/schema';
import { hashPassword } from './lib/passwords';

export const DEMO_PASSWORD = 'Demo1234';

const demoUsers = [
  { email: 'admin@demo.test', firstName: 'Anna', secondName: 'Adminova' },
  { email: 'accountant@demo.test', firstName: 'Boris', secondName: 'Schetov' },
  { email: 'redeemer@demo.test', firstName: 'Vera', secondName: 'Kassirova' },
  { email: 'moderator@demo.test', firstName: 'Maria', secondName: 'Moderova', isStaff: true },
] as const;

/** Demo accounts and companies (README lists them). Does nothing if they are already there. */
export async function seedDemo(db: Db): Promise<boolean> {
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

    const [main] = await tx
      .insert(suppliers)
      .values({ name: 'Demo Gifts', supplierName: 'Demo Gifts LLC', country: 'RU', tin: '7707083893', webSite: 'https://gifts.demo.test', status: 'active' })
      .returning({ id: suppliers.id });
    const [branch] = await tx
      .insert(suppliers)
      .values({ name: 'Demo Gifts Kazan', supplierName: 'Demo Gifts Kazan LLC', country: 'RU', tin: '1655000000', parentId: main!.id, status: 'active' })
      .returning({ id: suppliers.id });

    const member = (email: string, supplierId: string, roles: Role[]) => ({ userId: id(email), supplierId, roles });
    await tx.insert(memberships).values([
      member('admin@demo.test', main!.id, ['roleAdmin']),
      member('admin@demo.test', branch!.id, ['roleAdmin']),
      member('accountant@demo.test', main!.id, ['roleAccountant']),
      member('redeemer@demo.test', main!.id, ['roleRedeemer']),
    ]);
  });
  return true;
}
