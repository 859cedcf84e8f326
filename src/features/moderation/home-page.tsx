import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { userStore } from '@/lib/session';
import { useStore } from '@/lib/use-store';
import { Card, mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { waitingQuery } from './queries';

const counts = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3', listStyle: 'none', p: 0, m: 0 });
const countLink = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  minHeight: 'touch',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
  bg: 'surface',
  _hover: { bg: 'accentSoft' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
});
const figure = css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1.1', fontVariantNumeric: 'tabular-nums' });

/** /admin: the admin area's home, with what waits for a decision (issue 35), each count leading to its queue. */
export function AdminHomePage() {
  const intl = useIntl();
  const user = useStore(userStore).user;
  const waiting = useQuery(waitingQuery());
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '960px' })}>
      <Card>
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'admin.welcome' }, { name: user?.firstName ?? '' })}</h1>
        <p className={mutedText}>{intl.formatMessage({ id: 'admin.intro' })}</p>
      </Card>
      <section aria-labelledby="waiting-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="waiting-title" className={sectionTitle}>
          {intl.formatMessage({ id: 'admin.waiting.title' })}
        </h2>
        <QueryFallback queries={[waiting]} />
        <ul className={counts}>
          <li>
            <Link to="/admin/companies" className={countLink} data-testid="waiting-companies">
              <span className={figure}>{waiting.data ? intl.formatNumber(waiting.data.companies) : '…'}</span>
              <span>{intl.formatMessage({ id: 'admin.waiting.companies' })}</span>
            </Link>
          </li>
          <li>
            <Link to="/admin/products" search={{ status: 'moderation' }} className={countLink} data-testid="waiting-products">
              <span className={figure}>{waiting.data ? intl.formatNumber(waiting.data.products) : '…'}</span>
              <span>{intl.formatMessage({ id: 'admin.waiting.products' })}</span>
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
