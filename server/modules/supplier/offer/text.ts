import type { BankData, LegalData } from '@contract/company';

/** Labels of the requisites in the offer: every legal and bank field, the OGRNIP apart from the OGRN. */
export type OfferLabel =
  Exclude<keyof LegalData, 'hasCorrespondenceAddress'> | keyof BankData | 'name' | 'legalType' | 'country' | 'webSite' | 'ogrnip';

/** The partner offer in one language: `{date}` and `{person}` are filled in when it is accepted. */
export interface OfferText {
  /** BCP 47 tag for dates and country names (kz → kk, by → be). */
  intlTag: string;
  title: string;
  partnerTitle: string;
  bankTitle: string;
  acceptanceTitle: string;
  accepted: string;
  labels: Record<OfferLabel, string>;
}
