/** Values shared by the PWA and the server. */

export const ROLES = ['roleAdmin', 'roleAccountant', 'roleRedeemer'] as const;
export type Role = (typeof ROLES)[number];

export const REGIONS = ['ru', 'by', 'kz', 'es'] as const;
export type Region = (typeof REGIONS)[number];

export const LANGUAGES = ['en', 'ru', 'es', 'fr', 'kz', 'by'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LOCALES = ['ru-RU', 'be-BY', 'kz-KZ', 'es-ES', 'fr-FR', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru-RU';

export const LOCALE_LANGUAGE: Record<Locale, Language> = {
  'ru-RU': 'ru',
  'be-BY': 'by',
  'kz-KZ': 'kz',
  'es-ES': 'es',
  'fr-FR': 'fr',
  'en-US': 'en',
};

/** SPEC §7: the register call's language is looked up from the region. */
export const REGION_LOCALE: Record<Region, Locale> = {
  ru: 'ru-RU',
  by: 'be-BY',
  kz: 'kz-KZ',
  es: 'es-ES',
};

/** The language a region's mails speak (registration, invitations). */
export const regionLanguage = (region: Region): Language => LOCALE_LANGUAGE[REGION_LOCALE[region]];

export const SUPPLIER_STATUSES = ['draft', 'moderation', 'rejected', 'active'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

export const USER_STATUSES = ['pending', 'active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A person's standing in one company (decision 53); `users.status` is the account's, across companies. */
export type MembershipStatus = 'active' | 'blocked';

/** Currencies of the regional variants; money is always integer minor units. */
export const COUNTRY_CURRENCY = { RU: 'RUB', BY: 'BYN', KZ: 'KZT', ES: 'EUR' } as const;
export type Country = keyof typeof COUNTRY_CURRENCY;
