import type { Role } from '@/contract/enums';
import type { SupplierListItem } from '@/contract/schemas/supplier';
import { readJson, writeJson } from './storage';
import { createStore } from './store';

/** SPEC §3: the supplier store (persisted), with the selected supplier id under its own key. */
export interface SupplierState {
  items: SupplierListItem[];
  selectedId: string | null;
}

export const supplierStore = createStore<SupplierState>(
  { items: readJson<SupplierListItem[]>('supplier') ?? [], selectedId: readJson<string>('supplierId') },
  (state) => {
    writeJson('supplier', state.items);
    writeJson('supplierId', state.selectedId);
  },
);

/** Parents first, each followed by its branches (SPEC §2 "child suppliers are listed after their parents"). */
export const flattenSuppliers = (items: readonly SupplierListItem[], depth = 0): { item: SupplierListItem; depth: number }[] =>
  items.flatMap((item) => [{ item, depth }, ...flattenSuppliers(item.childrenSupplierList?.children ?? [], depth + 1)]);

/** SPEC §4: the stored supplier when it is still in the list, else the first. */
export const pickSupplier = (items: readonly SupplierListItem[], storedId: string | null): string | null => {
  const flat = flattenSuppliers(items);
  return (flat.find(({ item }) => item.supplierId === storedId) ?? flat[0])?.item.supplierId ?? null;
};

export const setSuppliers = (items: SupplierListItem[]): void =>
  supplierStore.set((state) => ({ items, selectedId: pickSupplier(items, state.selectedId) }));

export const selectSupplier = (supplierId: string): void => supplierStore.set((state) => ({ ...state, selectedId: supplierId }));

export const selectedSupplier = (state: SupplierState): SupplierListItem | null =>
  flattenSuppliers(state.items).find(({ item }) => item.supplierId === state.selectedId)?.item ?? null;

/** The roles that count: those of the selected company when it names any, else the account's. */
export const effectiveRoles = (accountRoles: readonly Role[] | null, selected: SupplierListItem | null): Role[] =>
  selected && selected.roles.length > 0 ? [...selected.roles] : [...(accountRoles ?? [])];
