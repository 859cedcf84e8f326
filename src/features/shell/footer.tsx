import { useIntl } from 'react-intl';
import { offerLink, oldSiteUrl } from '@/lib/documents';
import { useLocale } from '@/lib/i18n';
import { languageOf } from '@/lib/locale';
import { css } from '../../../styled-system/css';
import { useShell } from './use-shell';

const bar = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: { base: '2', md: '6' },
  alignItems: 'center',
  px: { base: '3', md: '6' },
  py: '3',
  fontSize: 'sm',
  color: 'muted',
  borderTopWidth: '1px',
  borderColor: 'line',
  bg: 'surface',
  '& a': { minHeight: 'touch', display: 'inline-flex', alignItems: 'center' },
});

/**
 * SPEC §2 "Footer": the offer per region and language, the old site for ru and es. The privacy policy and the es
 * contacts are pages not built yet: no link leads to them until their routes exist.
 */
export function Footer() {
  const intl = useIntl();
  const { region } = useShell();
  const offer = offerLink(region, languageOf(useLocale()));
  const oldSite = oldSiteUrl(region);
  return (
    <footer className={bar} data-testid="footer">
      <span>{intl.formatMessage({ id: 'footer.copyright' }, { year: new Date().getFullYear() })}</span>
      <a href={offer.href} download={offer.download || undefined} target="_blank" rel="noopener" data-testid="offer-link">
        {intl.formatMessage({ id: 'footer.offer' })}
      </a>
      {oldSite ? (
        <a href={oldSite} rel="noopener" data-testid="old-site-link">
          {intl.formatMessage({ id: 'footer.oldSite' })}
        </a>
      ) : null}
    </footer>
  );
}
