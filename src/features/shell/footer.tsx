import { useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { CONTACTS_PATH, offerLink, oldSiteUrl, PRIVACY_POLICY_PATH } from '@/lib/documents';
import { useLocale } from '@/lib/i18n';
import { languageOf } from '@/lib/locale';
import { css } from '../../../styled-system/css';
import { laterPath } from './side-menu';
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

/** SPEC §2 "Footer": offer per region and language, old site for ru and es, contacts for es. */
export function Footer() {
  const intl = useIntl();
  const { region } = useShell();
  const offer = offerLink(region, languageOf(useLocale()));
  const oldSite = oldSiteUrl(region);
  return (
    <footer className={bar} data-testid="footer">
      <span>{intl.formatMessage({ id: 'footer.copyright' }, { year: new Date().getFullYear() })}</span>
      <Link to={laterPath(PRIVACY_POLICY_PATH)}>{intl.formatMessage({ id: 'footer.privacy' })}</Link>
      {offer.download ? (
        <a href={offer.href} download data-testid="offer-link">
          {intl.formatMessage({ id: 'footer.offer' })}
        </a>
      ) : (
        <Link to={laterPath(offer.href)} data-testid="offer-link">
          {intl.formatMessage({ id: 'footer.offer' })}
        </Link>
      )}
      {oldSite ? (
        <a href={oldSite} rel="noopener" data-testid="old-site-link">
          {intl.formatMessage({ id: 'footer.oldSite' })}
        </a>
      ) : null}
      {region === 'es' ? (
        <Link to={laterPath(CONTACTS_PATH)} data-testid="contacts-link">
          {intl.formatMessage({ id: 'footer.contacts' })}
        </Link>
      ) : null}
    </footer>
  );
}
