import type { DocumentName } from '@contract/content';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { documentPdfUrl } from '@/lib/documents';
import { useLocale } from '@/lib/i18n';
import { languageOf } from '@/lib/locale';
import { button } from '@/ui/button';
import { Card, pageTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { DocumentBlocks } from './blocks';
import { contentPageQuery } from './queries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '900px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-start', justifyContent: 'space-between' });

/**
 * /content/offer, /content/privacy-policy, /contacts (SPEC §2): a document in the interface language (or its
 * fallback), from the same source as its PDF (decision 60), which `withPdf` offers for download.
 */
export function DocumentPage({ document, withPdf }: { document: DocumentName; withPdf: boolean }) {
  const intl = useIntl();
  const language = languageOf(useLocale());
  const content = useQuery(contentPageQuery(document, language));
  const data = content.data;
  return (
    <article className={page} data-testid={`document-${document}`}>
      <QueryFallback queries={[content]} />
      {data ? (
        <Card lang={data.language === language ? undefined : data.language}>
          <div className={head}>
            <h1 className={pageTitle}>{data.title}</h1>
            {withPdf ? (
              <a
                className={button({ tone: 'secondary' })}
                href={documentPdfUrl(document, data.language)}
                download
                data-testid="document-pdf"
              >
                {intl.formatMessage({ id: 'content.downloadPdf' })}
              </a>
            ) : null}
          </div>
          <DocumentBlocks blocks={data.blocks} />
        </Card>
      ) : null}
    </article>
  );
}
