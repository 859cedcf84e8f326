import type { Language, Region } from '@/contract/enums';

/** Documents that exist per language: ru, es, kz, by (SPEC §2); other languages get the Russian one. */
const DOC_LANGUAGES: readonly Language[] = ['ru', 'es', 'kz', 'by'];
const docLanguage = (language: Language): Language => (DOC_LANGUAGES.includes(language) ? language : 'ru');

export const instructionUrl = (language: Language): string => `/docs/instruction-${docLanguage(language)}.pdf`;

/**
 * The offer document: downloaded, except on the Spanish site, which has no downloadable offer (SPEC §1) and opens it
 * in the browser until its in-app page (/content/offer) is built.
 */
export const offerLink = (region: Region, language: Language): { href: string; download: boolean } => ({
  href: `/docs/offer-${docLanguage(language)}.pdf`,
  download: region !== 'es',
});

/** The old version of the site exists for ru and es only. */
const OLD_SITE: Partial<Record<Region, string>> = {
  ru: 'https://old.certdesk.example/',
  es: 'https://old.partners.certdesk.es/',
};
export const oldSiteUrl = (region: Region): string | null => OLD_SITE[region] ?? null;
