import type { Language } from './enums';

/**
 * Documents written as sources in content/<document>/<language>.md and shown twice, as an in-app page and as a PDF,
 * from the same blocks (decision 60).
 */
export const DOCUMENTS = ['offer', 'privacy-policy', 'contacts', 'instruction'] as const;
export type DocumentName = (typeof DOCUMENTS)[number];

/** A piece of running text: bold, or a link, or plain. */
export interface TextRun {
  text: string;
  bold?: boolean;
  href?: string;
}

export type ContentBlock =
  | { type: 'heading'; level: 2 | 3; text: string }
  | { type: 'paragraph'; runs: TextRun[] }
  | { type: 'list'; ordered: boolean; items: TextRun[][] }
  /** `src` is the image's address under the content API. */
  | { type: 'image'; src: string; caption: string };

/** GET /api/front/content/:document: the title (the source's `#` heading) apart from the blocks under it. */
export interface ContentPage {
  title: string;
  /** The language served: the one asked for, or its fallback when the document has no such source. */
  language: Language;
  /** The languages the document is written in. */
  languages: Language[];
  blocks: ContentBlock[];
}

/** The file name a document's PDF downloads as. */
export const contentPdfName = (document: DocumentName, language: Language): string => `certdesk-${document}-${language}.pdf`;
