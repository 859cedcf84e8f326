import * as v from 'valibot';
import { LOCALES, type Locale, type Region, type Role } from '../enums';
import { color, NAME_MAX, oneOf, phone, requiredText } from './fields';

export const setInfoBody = v.object({
  firstName: requiredText(NAME_MAX),
  secondName: requiredText(NAME_MAX),
  phone,
});

export const setSettingsBody = v.object({
  preferredLanguage: oneOf(LOCALES),
  /** Absent: the saved colour stays (none chosen: each site shows its own, decision 79). */
  preferredColor: v.optional(color),
});

export type SetInfoBody = v.InferInput<typeof setInfoBody>;
export type SetSettingsBody = v.InferInput<typeof setSettingsBody>;

export interface Membership {
  supplierId: string;
  supplierName: string;
  roles: Role[];
}

export interface AccountInfo {
  id: string;
  firstName: string;
  secondName: string;
  email: string;
  phone: string;
  region: Region;
  /** Roles across all memberships, or the configured default list when there are none. */
  roles: Role[];
  memberships: Membership[];
  /** Marketplace staff may use the admin area. */
  isStaff: boolean;
}

export interface UserSettings {
  language: Locale;
  /** The colour the person chose; null when none: each site shows its own accent (SPEC §3, decision 79). */
  color: string | null;
}
