import type { AccountInfo, setInfoBody, setSettingsBody, UserSettings } from '@contract/schemas/account';
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import { memberships, suppliers, users } from '../../db/schema';
import type { AuthContext, Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { accountRoles } from '../../lib/membership';
import { saveAccount } from '../auth';

const loadUser = async (deps: Deps, auth: AuthContext) => {
  const [user] = await deps.db.select().from(users).where(eq(users.id, auth.userId));
  return user ?? fail('UNAUTHORIZED');
};

export async function getInfo(deps: Deps, auth: AuthContext): Promise<AccountInfo> {
  const user = await loadUser(deps, auth);
  const rows = await deps.db
    .select({ supplierId: memberships.supplierId, supplierName: suppliers.name, roles: memberships.roles, status: memberships.status })
    .from(memberships)
    .innerJoin(suppliers, eq(suppliers.id, memberships.supplierId))
    .where(eq(memberships.userId, user.id))
    .orderBy(suppliers.name);
  // A company that blocked the person gives them nothing (decision 53).
  const open = rows.filter((row) => row.status === 'active').map(({ status: _, ...row }) => row);
  // The same roles decide what the account may do on the server (decision 084).
  const roles = accountRoles(rows, user.isStaff, deps.config.DEFAULT_ROLES);
  return {
    id: user.id,
    firstName: user.firstName,
    secondName: user.secondName,
    email: user.email,
    phone: user.phone,
    region: user.region,
    roles,
    memberships: open,
    isStaff: user.isStaff,
  };
}

export async function getSettings(deps: Deps, auth: AuthContext): Promise<UserSettings> {
  const user = await loadUser(deps, auth);
  // No colour chosen is answered as such: the site applies its own accent (decision 79).
  return { language: user.preferredLanguage, color: user.preferredColor };
}

export async function setInfo(deps: Deps, auth: AuthContext, info: v.InferOutput<typeof setInfoBody>): Promise<AccountInfo> {
  await saveAccount(deps.db, auth.userId, info, deps.now());
  return getInfo(deps, auth);
}

export async function setSettings(deps: Deps, auth: AuthContext, settings: v.InferOutput<typeof setSettingsBody>): Promise<UserSettings> {
  await saveAccount(
    deps.db,
    auth.userId,
    {
      preferredLanguage: settings.preferredLanguage,
      // Absent, the saved colour (or none) stays.
      ...(settings.preferredColor === undefined ? {} : { preferredColor: settings.preferredColor.toUpperCase() }),
    },
    deps.now(),
  );
  return getSettings(deps, auth);
}
