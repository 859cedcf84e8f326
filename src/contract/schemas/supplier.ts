import type { Role, SupplierStatus } from '../enums';

/** SPEC §3 "Supplier list item"; branches sit under their parent. */
export interface SupplierListItem {
  supplierId: string;
  supplierName: string;
  name: string;
  status: SupplierStatus;
  roles: Role[];
  childrenSupplierList: { children: SupplierListItem[] };
}

export interface SupplierIndex {
  supplierItems: SupplierListItem[];
}
