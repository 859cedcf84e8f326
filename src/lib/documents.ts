import type { DocumentName } from '@contract/content';
import type { Language, Region } from '@contract/enums';
import { API_BASE } from './http';

/** A document's PDF (decision 60); the server answers a language the document lacks with its fallback. */
export const documentPdfUrl = (document: DocumentName, language: Language): string =>
  `${API_BASE}/api/front/content/${document}/pdf?language=${language}`;

/** The help document of the side menu, in the interface language. */
export const instructionUrl = (language: Language): string => documentPdfUrl('instruction', language);

/**
 * The offer (SPEC §1, §2): the Spanish site has no downloadable offer and opens its in-app page; the other regions
 * download the PDF in the interface language.
 */
export const offerLink = (region: Region, language: Language): { href: string; download: boolean } =>
  region === 'es' ? { href: '/content/offer', download: false } : { href: documentPdfUrl('offer', language), download: true };

/** The contacts page exists for the Spanish company only. */
export const hasContacts = (region: Region): boolean => region === 'es';

/** The old version of the site exists for ru and es only. */
const OLD_SITE: Partial<Record<Region, string>> = {
  ru: 'https://old.certdesk.example/',
  es: 'https://old.partners.certdesk.es/',
};
export const oldSiteUrl = (region: Region): string | null => OLD_SITE[region] ?? null;

/** Hands a downloaded file (an offer, a poster, a report) to the browser's downloads under `fileName`: the one way to save one. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the data for the download after the click, on its own time: a URL revoked on the next turn can
  // cancel a large file in Firefox and Safari. It is let go once the browser surely has the data.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
