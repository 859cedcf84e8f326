import type { DocumentName } from '@contract/content';
import type { Language } from '@contract/enums';
import { queryOptions } from '@tanstack/react-query';
import { get, publicCall } from '@/lib/http';
import { getLocale, languageOf } from '@/lib/locale';
import { preload } from '@/lib/query-client';

/** A document's page per language (decision 60). The sources change only with a release: they are kept for the session. */
export const contentKeys = {
  all: ['content'] as const,
  page: (document: DocumentName, language: Language) => [...contentKeys.all, document, language] as const,
};

export const contentPageQuery = (document: DocumentName, language: Language) =>
  queryOptions({
    queryKey: contentKeys.page(document, language),
    staleTime: Infinity,
    queryFn: ({ signal }) => get('/api/front/content/:document', { param: { document }, query: { language }, signal, ...publicCall }),
  });

/** Route loader: the page in the interface language. */
export const loadContentPage = (document: DocumentName) => preload(contentPageQuery(document, languageOf(getLocale())));
