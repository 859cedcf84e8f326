import type { Role } from '@/contract/enums';
import { userStore } from './session';
import { effectiveRoles, selectedSupplier, supplierStore } from './suppliers';

/** The roles that open routes and menu entries right now. */
export const currentRoles = (): Role[] => effectiveRoles(userStore.get().roles, selectedSupplier(supplierStore.get()));
