import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { button } from '@/ui/button';
import { Card } from '@/ui/layout';

/** A widget sells an approved certificate: with none on sale, say so and lead to the certificates. */
export function NoCertificates() {
  const intl = useIntl();
  return (
    <Card
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}
      data-testid="widgets-no-certificates"
    >
      <p>{intl.formatMessage({ id: 'widgets.noCertificates' })}</p>
      <Link to="/certificates" className={button({ tone: 'secondary' })}>
        {intl.formatMessage({ id: 'widgets.toCertificates' })}
      </Link>
    </Card>
  );
}
