import type { ContentPage, DocumentName } from '@contract/content';
import type { Language } from '@contract/enums';
import { documentLanguages, readDocument, servedLanguage } from './source';

/** A document for its in-app page, in the language asked for or its fallback (servedLanguage). */
export function loadDocument(document: DocumentName, language: Language): ContentPage {
  const served = servedLanguage(document, language);
  const { title, blocks } = readDocument(document, served);
  return { title, language: served, languages: documentLanguages(document), blocks };
}
