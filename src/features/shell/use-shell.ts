import { useStore } from '@/lib/use-store';
import { mainStore } from '@/lib/main-store';
import { userStore } from '@/lib/session';
import { effectiveRoles, selectedSupplier, supplierStore } from '@/lib/suppliers';

/** What the header, menu and footer read: the user, the companies, the region. */
export function useShell() {
  const user = useStore(userStore);
  const suppliers = useStore(supplierStore);
  const { region } = useStore(mainStore);
  const selected = selectedSupplier(suppliers);
  return { user, suppliers, selected, region, roles: effectiveRoles(user.roles, selected), hasCompany: selected !== null };
}
