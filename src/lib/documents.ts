import type { Language, Region } from '@/contract/enums';

/** Documents that exist per language: ru, es, kz, by (SPEC §2); other languages get the Russian one. */
const DOC_LANGUAGES: readonly Language[] = ['ru', 'es', 'kz', 'by'];
const docLanguage = (language: Language): Language => (DOC_LANGUAGES.includes(language) ? language : 'ru');

export const instructionUrl = (language: Language): string => `/docs/instruction-${docLanguage(language)}.pdf`;

/** The offer: an in-app page on the Spanish site, a downloadable document elsewhere. */
export const offerLink = (region: Region, language: Language): { href: string; download: boolean } =>
  region === 'es' ? { href: '/content/offer', download: false } : { href: `/docs/offer-${docLanguage(language)}.pdf`, download: true };

export const PRIVACY_POLICY_PATH = '/content/privacy-policy';
export const CONTACTS_PATH = '/contacts';

/** The old version of the site exists for ru and es only. */
const OLD_SITE: Partial<Record<Region, string>> = {
  ru: 'https://old.certdesk.example/',
  es: 'https://old.partners.certdesk.es/',
};
export const oldSiteUrl = (region: Region): string | null => OLD_SITE[region] ?? null;

export const logoUrl = (region: Region): string => (region === 'es' ? '/logo-es.svg' : '/logo-ru.svg');
