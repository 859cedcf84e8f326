import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
// The pages' pending and error states (the router's defaults, src/main.tsx) arrive with the frame they are drawn in.
import '@/ui/page-states';
import { endArrival } from '@/lib/landing';
import { accountInfoQuery, supplierListQuery } from '@/lib/queries';
import { QueryProvider } from '@/lib/query-client';
import { startRefreshTimer, updateUser } from '@/lib/session';
import { Drawer } from '@/ui/drawer';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';

const shell = css({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });
const body = css({ flex: 1, display: 'flex', minHeight: 0 });
const aside = css({
  display: { base: 'none', lg: 'flex' },
  flexDirection: 'column',
  width: 'sidebar',
  flexShrink: 0,
  bg: 'surface',
  borderRightWidth: '1px',
  borderColor: 'line',
  p: '3',
});
const main = css({ flex: 1, minWidth: 0, p: { base: '3', md: '6' }, outline: 'none' });
const skip = css({
  position: 'absolute',
  left: '-9999px',
  _focus: { left: '4', top: '4', zIndex: 100, bg: 'surface', p: '3', borderRadius: 'control' },
});

/** The signed-in layout: header, side menu (a drawer on phones), content, footer; `children` in place of the route's page (the error screens). */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <QueryProvider>
      <DefaultShell>{children}</DefaultShell>
    </QueryProvider>
  );
}

function DefaultShell({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  // The phone menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  // SPEC §4: the refresh check runs every 60 s while the portal is open.
  useEffect(() => startRefreshTimer(), []);
  // Arriving at another page than / ends the arrival too: Home opens the dashboard afterwards.
  useEffect(() => void endArrival(), []);

  // The persisted user and companies are shown at once and brought up to date in the background.
  const info = useQuery(accountInfoQuery());
  useQuery(supplierListQuery());
  useEffect(() => {
    if (info.data) updateUser(info.data);
  }, [info.data]);

  return (
    <div className={shell}>
      <a href="#main" className={skip}>
        {intl.formatMessage({ id: 'a11y.skipToContent' })}
      </a>
      <Header onBurger={() => setMenuOpen(true)} menuOpen={menuOpen} />
      <div className={body}>
        <aside className={aside}>
          <SideMenu />
        </aside>
        <main id="main" tabIndex={-1} className={main}>
          {children ?? <Outlet />}
        </main>
      </div>
      <Footer />
      <Drawer
        open={menuOpen}
        onOpenChange={setMenuOpen}
        title={intl.formatMessage({ id: 'menu.label' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
      >
        <SideMenu />
      </Drawer>
    </div>
  );
}
