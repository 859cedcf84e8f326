import type { Role } from '@contract/enums';
import type { SupplierListItem } from '@contract/schemas/supplier';
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

/**
 * The companies one can work for: active (moderated) ones. A draft, or one on moderation or rejected, has no
 * certificates, sales or till yet (decision 51); it is reached through the companies pages instead.
 */
export const selectableSuppliers = (items: readonly SupplierListItem[]) =>
  flattenSuppliers(items).filter(({ item }) => item.status === 'active');

/** SPEC §4: the stored supplier when it is still in the list (and active), else the first active one. */
export const pickSupplier = (items: readonly SupplierListItem[], storedId: string | null): string | null => {
  const flat = selectableSuppliers(items);
  return (flat.find(({ item }) => item.supplierId === storedId) ?? flat[0])?.item.supplierId ?? null;
};

export const setSuppliers = (items: SupplierListItem[]): void =>
  supplierStore.set((state) => ({ items, selectedId: pickSupplier(items, state.selectedId) }));

export const selectSupplier = (supplierId: string): void => supplierStore.set((state) => ({ ...state, selectedId: supplierId }));

export const selectedSupplier = (state: SupplierState): SupplierListItem | null =>
  selectableSuppliers(state.items).find(({ item }) => item.supplierId === state.selectedId)?.item ?? null;

/** The roles that count: those of the selected company when it names any, else the account's. */
export const effectiveRoles = (accountRoles: readonly Role[] | null, selected: SupplierListItem | null): Role[] =>
  selected && selected.roles.length > 0 ? [...selected.roles] : [...(accountRoles ?? [])];
