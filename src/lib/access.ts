import type { Viewer } from './router-meta';
import { userStore, type UserState } from './session';
import { effectiveRoles, selectedSupplier, supplierStore, type SupplierState } from './suppliers';

export const viewerOf = (user: UserState, suppliers: SupplierState): Viewer => {
  const selected = selectedSupplier(suppliers);
  return { roles: effectiveRoles(user.roles, selected), staff: user.user?.isStaff === true, company: selected !== null };
};

/** Who is signed in right now, as the guard and the menus see them. */
export const currentViewer = (): Viewer => viewerOf(userStore.get(), supplierStore.get());
