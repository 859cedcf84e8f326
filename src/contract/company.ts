import type { Country, Locale, Region, SupplierStatus } from './enums';

/**
 * Companies (SPEC §3, §4): what the PWA and the server agree on. The rules that
 * check a field live in `./requisites`, the valibot schemas in `./schemas/company`.
 */

export const COUNTRIES = ['RU', 'BY', 'KZ', 'ES'] as const satisfies readonly Country[];

/** The regional variant of each country: a new company starts in the region's country; a company's mails speak its region's language. */
export const REGION_COUNTRY = { ru: 'RU', by: 'BY', kz: 'KZ', es: 'ES' } as const satisfies Record<Region, Country>;
export const COUNTRY_REGION = { RU: 'ru', BY: 'by', KZ: 'kz', ES: 'es' } as const satisfies Record<Country, Region>;

/** Legal types per country, prefixed with it so that a code is never ambiguous (see the decision on legal types). */
export const LEGAL_TYPES = {
  RU: ['RU_OOO', 'RU_AO', 'RU_IP'],
  BY: ['BY_OOO', 'BY_OAO', 'BY_IP'],
  KZ: ['KZ_TOO', 'KZ_AO', 'KZ_IP'],
  ES: ['ES_SL', 'ES_SA', 'ES_AUTONOMO'],
} as const satisfies Record<Country, readonly string[]>;
export type LegalType = (typeof LEGAL_TYPES)[Country][number];

/** A sole trader: the person's own name and, in RU, a 12-digit INN and a 15-digit OGRNIP instead of KPP and OGRN. */
export const INDIVIDUAL_LEGAL_TYPES: readonly LegalType[] = ['RU_IP', 'BY_IP', 'KZ_IP', 'ES_AUTONOMO'];
export const isIndividual = (legalType: LegalType): boolean => INDIVIDUAL_LEGAL_TYPES.includes(legalType);

/** Which legal-data field holds the tax id in each country (SPEC §3 "labelled INN, BIN, UNP or NIF by country"). */
export const TAX_ID_FIELD = { RU: 'inn', BY: 'unp', KZ: 'bin', ES: 'nif' } as const satisfies Record<Country, string>;

/** SPEC §3 "Supplier legal data" `data`. Fields a country or legal type does not use are empty strings. */
export interface LegalData {
  legalNameFull: string;
  /** The sole trader's own full name (individual legal types). */
  fio: string;
  /** The head's full name and job title (organisations). */
  headsFio: string;
  headsPosition: string;
  inn: string;
  bin: string;
  unp: string;
  nif: string;
  kpp: string;
  /** OGRN (13 digits) for a RU organisation, OGRNIP (15) for a RU sole trader. */
  ogrn: string;
  phone: string;
  legalAddress: string;
  hasCorrespondenceAddress: boolean;
  correspondenceAddress: string;
}

/** Legal data with nothing typed yet. */
export const EMPTY_LEGAL_DATA: LegalData = {
  legalNameFull: '',
  fio: '',
  headsFio: '',
  headsPosition: '',
  inn: '',
  bin: '',
  unp: '',
  nif: '',
  kpp: '',
  ogrn: '',
  phone: '',
  legalAddress: '',
  hasCorrespondenceAddress: false,
  correspondenceAddress: '',
};

/** SPEC §3 bank data. Fields a country does not use are empty strings. */
export interface BankData {
  checkingAccount: string;
  bik: string;
  bankName: string;
  bankCode: string;
  bankAddress: string;
  iik: string;
  kbe: string;
  iban: string;
  swift: string;
}

/** Bank data with nothing typed yet. */
export const EMPTY_BANK_DATA: BankData = {
  checkingAccount: '',
  bik: '',
  bankName: '',
  bankCode: '',
  bankAddress: '',
  iik: '',
  kbe: '',
  iban: '',
  swift: '',
};

/** Which bank fields each country asks for (the form shows these; the schemas require them). */
export const BANK_FIELDS = {
  RU: ['bik', 'checkingAccount', 'bankName'],
  BY: ['iban', 'swift', 'bankName', 'bankAddress'],
  KZ: ['iik', 'kbe', 'bankCode', 'bankName'],
  ES: ['iban', 'swift', 'bankName', 'bankAddress'],
} as const satisfies Record<Country, readonly (keyof BankData)[]>;

/** One moderation event of a company's history, oldest first. */
export interface ModerationEvent {
  action: 'submitted' | 'approved' | 'rejected';
  at: string;
  /** The rejection reason. */
  reason: string | null;
  language: Locale | null;
}

/** SPEC §3 "Supplier info", plus the status and history the screens need. */
export interface SupplierInfo {
  supplierId: string;
  country: Country;
  /** The short name typed at step 1. */
  name: string;
  /** The full legal name once legal data exists, else the short name. */
  supplierName: string;
  tin: string;
  webSite: string;
  legalType: LegalType | null;
  status: SupplierStatus;
  parentSupplierName: string | null;
  parentSupplier: { parentSupplierId: string; parentSupplierName: string } | null;
  rejectionReason: string | null;
  /** The interface language the company was last submitted in. */
  language: Locale | null;
  submittedAt: string | null;
  /** Null until the company is submitted (the offer is accepted then). */
  contractResponse: { acceptedOfferFileSize: number; acceptedOfferFileName: string; acceptedAt: string } | null;
  legalDataDataResponse: LegalData | null;
  bankAccountDataResponse: BankData | null;
  history: ModerationEvent[];
  /** Cardholders with an address get a balance notice after each redemption (decision 096). */
  holderNotices: boolean;
}

/** Wizard progress (SPEC §3 "Supplier creation wizard state"): what the server holds for each step. */
export interface SupplierGeneralInfo {
  supplierId: string;
  name: string;
  country: Country;
  status: SupplierStatus;
  rejectionReason: string | null;
  steps: { company: boolean; legal: boolean; bank: boolean };
  /** Draft or rejected: its data may change. */
  editable: boolean;
  /** Editable with every step saved. */
  submittable: boolean;
  /** A draft never submitted may be cancelled (deleted). */
  cancellable: boolean;
}

/** A row of the staff's moderation queue. */
export interface ModerationQueueItem {
  supplierId: string;
  name: string;
  supplierName: string;
  country: Country;
  tin: string;
  submittedAt: string;
  language: Locale | null;
  /** In the history of decided companies (issue 35): what was decided, when and by whom; null in the queue. */
  decision: { action: 'approved' | 'rejected'; at: string; by: string | null } | null;
}

/** The moderation list's tabs: what waits, and what was decided (latest first). */
export const MODERATION_LISTS = ['moderation', 'decided'] as const;
export type ModerationList = (typeof MODERATION_LISTS)[number];

/** What waits for the marketplace's staff: the moderator's home counts it. */
export interface ModerationWaiting {
  companies: number;
  products: number;
}

/**
 * A company is named by the name typed at step 1 (issue 35: people know their company by it); its full legal name,
 * when it differs, goes beside it: null when there is nothing more to say.
 */
export const legalNameBeside = (company: { name: string; supplierName: string }): string | null =>
  company.supplierName && company.supplierName !== company.name ? company.supplierName : null;
