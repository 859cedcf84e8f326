import { css } from '@styled/css';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
// The pages' pending and error states (the router's defaults, src/main.tsx) arrive with the frame they are drawn in.
import '@/ui/page-states';
import { QueryProvider } from '@/lib/query-client';
import { logout, startRefreshTimer } from '@/lib/session';
import { Button } from '@/ui/button';
import { Logo } from '@/ui/logo';
import { ADMIN_MENU, isEntryActive, menuLinks, useOpenPlaces } from './menu';
import { useShell } from './use-shell';

const shell = css({ minHeight: '100dvh', display: 'flex', flexDirection: { base: 'column', md: 'row' } });
const nav = css({
  bg: 'brandPanel',
  color: 'white',
  p: '4',
  width: { base: '100%', md: 'sidebar' },
  display: 'flex',
  flexDirection: { base: 'row', md: 'column' },
  gap: '2',
  alignItems: { base: 'center', md: 'stretch' },
  flexWrap: 'wrap',
});
const navLink = css({
  color: 'white',
  textDecoration: 'none',
  minHeight: 'touch',
  display: 'flex',
  alignItems: 'center',
  px: '3',
  borderRadius: 'control',
  '&[aria-current=page]': { bg: 'rgba(255,255,255,0.16)', fontWeight: 'bold' },
  _hover: { bg: 'rgba(255,255,255,0.1)' },
  _focusVisible: { outlineColor: 'white' },
});

/** SPEC §2 "Admin layout": a left navigation with Home and Products (the entries whose pages exist); `children` in place of the route's page (the error screens). */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { region, user } = useShell();
  const { pathname } = useLocation();
  const entries = menuLinks(ADMIN_MENU, useOpenPlaces());
  useEffect(() => startRefreshTimer(), []);
  return (
    <div className={shell}>
      <nav aria-label={intl.formatMessage({ id: 'admin.navLabel' })} className={nav}>
        <div className={css({ bg: 'white', borderRadius: 'control', p: '2', mb: { md: '4' } })}>
          <Logo region={region} alt={intl.formatMessage({ id: 'app.name' })} height={28} />
        </div>
        {entries.map((entry) => (
          <Link
            key={entry.id}
            to={entry.to}
            className={navLink}
            aria-current={isEntryActive(entry, pathname) ? 'page' : undefined}
            // The router marks a prefix of the path active by its own rule, which would highlight Home everywhere.
            activeOptions={{ exact: true }}
            data-menu-id={entry.id}
          >
            {intl.formatMessage({ id: entry.labelId })}
          </Link>
        ))}
        <div className={css({ mt: { md: 'auto' }, ml: { base: 'auto', md: 0 }, display: 'flex', flexDirection: 'column', gap: '2' })}>
          <span className={css({ fontSize: 'sm', opacity: 0.9, display: { base: 'none', md: 'block' } })}>{user.user?.email}</span>
          <Button tone="secondary" onClick={() => void logout()} data-testid="logout">
            {intl.formatMessage({ id: 'action.logout' })}
          </Button>
        </div>
      </nav>
      <main id="main" className={css({ flex: 1, p: { base: '3', md: '8' }, minWidth: 0 })}>
        <QueryProvider>{children ?? <Outlet />}</QueryProvider>
      </main>
    </div>
  );
}
