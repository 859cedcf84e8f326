import { LOCALE_LANGUAGE } from '@contract/enums';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useFailureText, useLocale } from '@/lib/i18n';
import { useSupplierId } from '@/lib/queries';
import { Button } from '@/ui/button';
import { LanguageSelect } from '@/ui/language-select';
import { Alert, Card, mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { actionRow } from '@/ui/list-table';
import { QueryFallback } from '@/ui/page-states';
import { downloadPoster, posterProductsQuery } from './queries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });

/**
 * The marketing page (issue 14): ready materials for a shop. The company's widgets (`shelf`, from the widgets
 * feature, composed by the route) and a printable A4 poster per approved certificate, in the language chosen here.
 */
export function MarketingPage({ shelf }: { shelf: (supplierId: string) => ReactNode }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const supplierId = useSupplierId();
  const [locale, setLocale] = useState(useLocale());
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useQuery({ ...posterProductsQuery(supplierId ?? ''), enabled: supplierId !== null });

  const download = async (productId: string) => {
    setBusy(productId);
    setFailure(null);
    try {
      await downloadPoster(supplierId!, productId, LOCALE_LANGUAGE[locale]);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={page}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'marketing.title' })}</h1>
      <p className={mutedText}>{intl.formatMessage({ id: 'marketing.intro' })}</p>
      {supplierId ? shelf(supplierId) : null}
      <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="posters">
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
          <h2 className={sectionTitle}>{intl.formatMessage({ id: 'marketing.posters.title' })}</h2>
          <LanguageSelect value={locale} onChange={setLocale} label={intl.formatMessage({ id: 'marketing.posters.language' })} />
        </div>
        <p className={mutedText}>{intl.formatMessage({ id: 'marketing.posters.intro' })}</p>
        {failure ? <Alert tone="error">{failureText(failure)}</Alert> : null}
        <QueryFallback queries={[list]} />
        {list.data?.length === 0 ? <p className={mutedText}>{intl.formatMessage({ id: 'marketing.posters.empty' })}</p> : null}
        {list.data?.map((product) => (
          <div key={product.id} className={actionRow} data-testid="poster-item">
            <span className={css({ fontWeight: 'semibold' })}>{product.name}</span>
            <Button tone="secondary" disabled={busy !== null} onClick={() => void download(product.id)} data-testid="poster-download">
              {intl.formatMessage({ id: 'marketing.posters.download' })}
            </Button>
          </div>
        ))}
      </Card>
    </div>
  );
}
