import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { hasContacts, offerLink, oldSiteUrl } from '@/lib/documents';
import { useLocale } from '@/lib/i18n';
import { languageOf } from '@/lib/locale';
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
 * SPEC §2 "Footer": the privacy policy, the offer per region and language (the es site's in-app page), the old site
 * for ru and es, the contacts for es.
 */
export function Footer() {
  const intl = useIntl();
  const { region } = useShell();
  const offer = offerLink(region, languageOf(useLocale()));
  const oldSite = oldSiteUrl(region);
  return (
    <footer className={bar} data-testid="footer" data-toast-avoid>
      <span>{intl.formatMessage({ id: 'footer.copyright' }, { year: new Date().getFullYear() })}</span>
      <Link to="/content/privacy-policy" data-testid="privacy-link">
        {intl.formatMessage({ id: 'footer.privacy' })}
      </Link>
      {offer.download ? (
        <a href={offer.href} download data-testid="offer-link">
          {intl.formatMessage({ id: 'footer.offer' })}
        </a>
      ) : (
        <Link to="/content/offer" data-testid="offer-link">
          {intl.formatMessage({ id: 'footer.offer' })}
        </Link>
      )}
      {oldSite ? (
        <a href={oldSite} rel="noopener" data-testid="old-site-link">
          {intl.formatMessage({ id: 'footer.oldSite' })}
        </a>
      ) : null}
      {hasContacts(region) ? (
        <Link to="/contacts" data-testid="contacts-link">
          {intl.formatMessage({ id: 'footer.contacts' })}
        </Link>
      ) : null}
    </footer>
  );
}
