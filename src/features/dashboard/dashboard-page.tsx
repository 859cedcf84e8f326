import { useIntl } from 'react-intl';
import { userStore } from '@/lib/session';
import { supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';
import { mutedText, pageTitle } from '@/ui/layout';
import { css } from '../../../styled-system/css';

const hero = css({
  borderRadius: 'card',
  minHeight: { base: '320px', md: '420px' },
  p: { base: '6', md: '12' },
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '4',
  bg: 'surface',
  backgroundImage: 'url(/dashboard-bg.svg)',
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'right bottom',
  backgroundSize: { base: '70%', md: '45%' },
});

/** `/`: the welcome and the background image of the root path (SPEC §2); the create-company button comes with /companies/add. */
export function DashboardPage() {
  const intl = useIntl();
  const { user } = useStore(userStore);
  const { items } = useStore(supplierStore);
  return (
    <section className={hero} data-testid="dashboard">
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'dashboard.welcome' }, { name: user?.firstName ?? '' })}</h1>
      <p className={mutedText} style={{ maxWidth: '36rem' }}>
        {intl.formatMessage({ id: items.length > 0 ? 'dashboard.introWithCompanies' : 'dashboard.intro' })}
      </p>
    </section>
  );
}
