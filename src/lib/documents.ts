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

/** Hands a downloaded file (the accepted offer) to the browser's downloads under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the data for the download after the click; the URL is let go once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
