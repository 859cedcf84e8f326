import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ContentBlock, DocumentName, TextRun } from '@contract/content';
import { LANGUAGES, type Language } from '@contract/enums';
import { lexer, type Token, type Tokens } from 'marked';
import { AppError } from '../../lib/errors';

/** content/<document>/<language>.md at the repository's root (decision 60). */
const CONTENT_ROOT = fileURLToPath(new URL('../../../content/', import.meta.url));

export const documentFolder = (document: DocumentName): string => `${CONTENT_ROOT}${document}/`;

/** Where the content API serves a document's images; the sources name them `screens/<name>.png`. */
export const contentImageSrc = (document: DocumentName, name: string): string => `/api/front/content/${document}/screens/${name}`;
export const contentImageFile = (document: DocumentName, name: string): string => `${documentFolder(document)}screens/${name}`;

const IMAGE_PATH = /^screens\/([a-z0-9][a-z0-9-]{0,80}\.png)$/;

/**
 * The languages each document must be written in (decision 60; a unit test holds the sources to it): the offer, the
 * privacy policy and the contacts in all six, the instruction at least in those of the regions.
 */
export const REQUIRED_LANGUAGES: Record<DocumentName, readonly Language[]> = {
  offer: LANGUAGES,
  'privacy-policy': LANGUAGES,
  contacts: LANGUAGES,
  instruction: ['ru', 'es', 'kz', 'by'],
};

/** The languages a document is written in: the sources present, in the order of LANGUAGES. */
export const documentLanguages = (document: DocumentName): Language[] =>
  LANGUAGES.filter((language) => existsSync(`${documentFolder(document)}${language}.md`));

/**
 * The language to serve: the one asked for if the document is written in it, else English (the marketplace's
 * lingua franca, for French and the rest), else Russian (the first market; every document is written in it).
 */
export const servedLanguage = (document: DocumentName, language: Language): Language => {
  const languages = documentLanguages(document);
  const served = [language, 'en', 'ru'].find((candidate) => languages.includes(candidate as Language));
  if (!served) throw new AppError('NOT_FOUND');
  return served as Language;
};

/** A document as blocks, with an image's file name kept beside its address for the PDF. */
export interface ParsedDocument {
  title: string;
  blocks: ContentBlock[];
  /** Image address → file, for the PDF. */
  images: Map<string, string>;
}

type InlineToken = Token & { tokens?: Token[] };

/** Inline tokens → runs, bold and links carried down; neighbours alike merged. */
const runsOf = (tokens: Token[] = [], style: Omit<TextRun, 'text'> = {}, runs: TextRun[] = []): TextRun[] => {
  for (const token of tokens as InlineToken[]) {
    if (token.type === 'strong') runsOf(token.tokens, { ...style, bold: true }, runs);
    else if (token.type === 'link') runsOf(token.tokens, { ...style, href: (token as Tokens.Link).href }, runs);
    else if (token.tokens) runsOf(token.tokens, style, runs);
    else if (token.type === 'br') runs.push({ ...style, text: ' ' });
    else if ('text' in token) runs.push({ ...style, text: String(token.text).replace(/\s*\n\s*/g, ' ') });
  }
  return runs.reduce<TextRun[]>((merged, run) => {
    const last = merged.at(-1);
    if (last && last.bold === run.bold && last.href === run.href) last.text += run.text;
    else merged.push({ ...run });
    return merged;
  }, []);
};

const plainText = (tokens: Token[] | undefined): string =>
  runsOf(tokens)
    .map((run) => run.text)
    .join('')
    .trim();

/** Parses the Markdown subset of decision 60; anything else in a source is a mistake to fix there. */
export function parseDocument(document: DocumentName, source: string): ParsedDocument {
  let title = '';
  const blocks: ContentBlock[] = [];
  const images = new Map<string, string>();
  for (const token of lexer(source)) {
    if (token.type === 'space' || token.type === 'hr') continue;
    if (token.type === 'heading') {
      const text = plainText(token.tokens);
      if (token.depth === 1 && !title) title = text;
      else blocks.push({ type: 'heading', level: token.depth <= 2 ? 2 : 3, text });
    } else if (token.type === 'paragraph') {
      const image = token.tokens?.length === 1 && token.tokens[0]!.type === 'image' ? (token.tokens[0] as Tokens.Image) : undefined;
      if (image) {
        const name = IMAGE_PATH.exec(image.href)?.[1];
        if (!name) throw new Error(`content/${document}: an image must be screens/<name>.png, not ${image.href}`);
        const src = contentImageSrc(document, name);
        images.set(src, contentImageFile(document, name));
        blocks.push({ type: 'image', src, caption: image.text });
      } else blocks.push({ type: 'paragraph', runs: runsOf(token.tokens) });
    } else if (token.type === 'list') {
      const list = token as Tokens.List;
      blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map((item) => runsOf(item.tokens)) });
    } else throw new Error(`content/${document}: ${token.type} is not in the Markdown subset of decision 60`);
  }
  if (!title) throw new Error(`content/${document}: the first heading must be a # title`);
  return { title, blocks, images };
}

const parsed = new Map<string, ParsedDocument>();

/** A document's source in a language it is written in, parsed once per process. */
export function readDocument(document: DocumentName, language: Language): ParsedDocument {
  const key = `${document}/${language}`;
  let found = parsed.get(key);
  if (!found) {
    found = parseDocument(document, readFileSync(`${documentFolder(document)}${language}.md`, 'utf8'));
    parsed.set(key, found);
  }
  return found;
}
