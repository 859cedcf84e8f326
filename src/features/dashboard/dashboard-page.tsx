import { css } from '@styled/css';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { userStore } from '@/lib/session';
import { selectableSuppliers, selectedSupplier, supplierStore } from '@/lib/suppliers';
import { useMayOpen } from '@/lib/use-may-open';
import { useStore } from '@/lib/use-store';
import { button } from '@/ui/button';
import { Alert, mutedText, pageTitle } from '@/ui/layout';
import { DashboardArt } from './dashboard-art';
import { DashboardFigures } from './figures';
import { MyInvitations } from './invitations';

const hero = css({
  borderRadius: 'card',
  minHeight: { md: '420px' },
  p: { base: '6', md: '12' },
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  alignItems: 'flex-start',
  gap: '4',
  bg: 'surface',
  position: 'relative',
  overflow: 'hidden',
  // The text keeps clear of the picture beside it.
  '& > :not(svg)': { position: 'relative', maxWidth: { md: '55%' } },
});

/** The line under the welcome: what this person can do next (nothing their role cannot do). */
function introOf(mayCreate: boolean, staff: boolean, companies: number, working: boolean, selected: boolean): MessageId {
  // Staff of no company work in the admin area (decision 077); no administrator of theirs is going to invite them.
  if (staff && companies === 0) return 'dashboard.introStaff';
  // A company is chosen: say which, rather than ask to choose one (issue 35).
  if (selected) return 'dashboard.introSelected';
  if (!mayCreate) return working ? 'dashboard.introMember' : 'dashboard.introNoCompany';
  if (companies === 0) return 'dashboard.intro';
  return working ? 'dashboard.introWithCompanies' : 'dashboard.introPending';
}

/** Why the guard sent the person here (decision 080): the page they opened needs a company on the marketplace. */
function CompanyNeeded() {
  const intl = useIntl();
  const router = useRouter();
  const path = useLocation({ select: (location) => location.state.companyFor });
  if (!path) return null;
  const titleId = router.matchRoutes(path).at(-1)?.staticData.titleId;
  return (
    <div data-testid="company-needed">
      <Alert>{intl.formatMessage({ id: 'dashboard.companyNeeded' }, { page: titleId ? intl.formatMessage({ id: titleId }) : path })}</Alert>
    </div>
  );
}

/**
 * `/`: the welcome, the background image of the root path and the
 * create-company button for those who may create one (SPEC §2), the way to the admin area for staff; with a company
 * selected, its figures for the viewer's roles under it.
 */
export function DashboardPage() {
  const intl = useIntl();
  const account = useStore(userStore);
  const suppliers = useStore(supplierStore);
  const { items } = suppliers;
  const selected = selectedSupplier(suppliers);
  const selectedId = selected?.supplierId ?? null;
  // The companies pages' own access decides (admins, not staff): others are told neither to create nor to add a company.
  const mayOpen = useMayOpen();
  const mayCreate = mayOpen('/_app/companies/add');
  const staff = account.user?.isStaff === true;
  const intro = introOf(mayCreate, staff, items.length, selectableSuppliers(items).length > 0, selected !== null);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <CompanyNeeded />
      {/* What waits for the person's answer comes first (decision 074). */}
      <MyInvitations />
      <section className={hero} data-testid="dashboard">
        <DashboardArt />
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'dashboard.welcome' }, { name: account.user?.firstName ?? '' })}</h1>
        <p className={mutedText} style={{ maxWidth: '36rem' }}>
          {intl.formatMessage({ id: intro }, { company: selected?.name ?? '' })}
        </p>
        {mayCreate ? (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <Link to="/companies/add" className={button()} data-testid="dashboard-create-company">
              {intl.formatMessage({ id: 'dashboard.createCompany' })}
            </Link>
            {items.length > 0 ? (
              <Link to="/companies" className={button({ tone: 'secondary' })} data-testid="dashboard-companies">
                {intl.formatMessage({ id: 'dashboard.myCompanies' })}
              </Link>
            ) : null}
          </div>
        ) : null}
        {staff && mayOpen('/admin/') ? (
          <Link to="/admin" className={button()} data-testid="dashboard-admin">
            {intl.formatMessage({ id: 'dashboard.openAdmin' })}
          </Link>
        ) : null}
      </section>
      {selectedId ? <DashboardFigures key={selectedId} supplierId={selectedId} /> : null}
    </div>
  );
}
