import { viewerOf } from '@/lib/access';
import { mainStore } from '@/lib/main-store';
import { userStore } from '@/lib/session';
import { selectedSupplier, supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';

/** What the header, menus and footer read: the user, the companies, the region, and who is looking (for the menus). */
export function useShell() {
  const user = useStore(userStore);
  const suppliers = useStore(supplierStore);
  const { region } = useStore(mainStore);
  return { user, suppliers, selected: selectedSupplier(suppliers), region, viewer: viewerOf(user, suppliers) };
}
