import { css } from '@styled/css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useOnline } from '@/lib/online';
import { logout } from '@/lib/session';
import { selectableSuppliers, selectSupplier } from '@/lib/suppliers';
import { useMayOpen } from '@/lib/use-may-open';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { LineIcon } from '@/ui/line-icon';
import { Logo } from '@/ui/logo';
import { ChoiceMenu, type MenuAction } from '@/ui/menu';
import { useRoleNames } from '@/ui/role-names';
import { Tooltip } from '@/ui/tooltip';
import { useOpenPlaces } from './menu';
import { useShell } from './use-shell';

const bar = css({
  display: 'flex',
  alignItems: 'center',
  gap: { base: '2', md: '4' },
  px: { base: '3', md: '6' },
  minHeight: '16',
  bg: 'surface',
  borderBottomWidth: '1px',
  borderColor: 'line',
  position: 'sticky',
  // Under the offline banner, which stays in view too (pwa-chrome.tsx sets its height while it shows).
  top: 'var(--offline-banner-height, 0px)',
  zIndex: 20,
});
const burger = css({
  display: { base: 'inline-flex', lg: 'none' },
  minWidth: 'touch',
  minHeight: 'touch',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 'xl',
  cursor: 'pointer',
});
const avatar = css({
  width: '10',
  height: '10',
  borderRadius: 'full',
  bg: 'accent',
  color: 'accentFg',
  display: 'grid',
  placeItems: 'center',
  fontWeight: 'bold',
  flexShrink: 0,
});
// The person is a link to their profile: the initials on phones (the name read out, not shown), the name beside them
// where there is room; a touch-sized target either way.
const who = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minHeight: 'touch',
  minWidth: 'touch',
  justifyContent: 'center',
  color: 'ink',
  textDecoration: 'none',
  borderRadius: 'control',
});
const whoText = css({
  display: 'flex',
  flexDirection: 'column',
  lineHeight: '1.2',
  fontSize: 'sm',
  minWidth: 0,
  // Visually hidden below md, still the link's name.
  position: { base: 'absolute', md: 'static' },
  width: { base: '1px', md: 'auto' },
  height: { base: '1px', md: 'auto' },
  overflow: { base: 'hidden', md: 'visible' },
  clip: { base: 'rect(0 0 0 0)', md: 'auto' },
  whiteSpace: { base: 'nowrap', md: 'normal' },
});
const muted = css({ color: 'muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const initials = (firstName = '', secondName = ''): string =>
  `${firstName.trim().charAt(0)}${secondName.trim().charAt(0)}`.toUpperCase() || '?';

const adminLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 'touch',
  px: '3',
  borderRadius: 'control',
  fontWeight: 'medium',
});

/**
 * SPEC §2 "Header": the company dropdown (when the person has companies) offering the active ones (decision 51),
 * with "All companies" and "Add a company" for admins; the way to the admin area for staff; the user with their
 * roles, logout, the burger on phones.
 */
export function Header({ onBurger, menuOpen }: { onBurger: () => void; menuOpen: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user, suppliers, selected, region, viewer } = useShell();
  const open = useOpenPlaces();
  const mayOpen = useMayOpen();
  const roleNames = useRoleNames();
  const options = selectableSuppliers(suppliers.items).map(({ item, depth }) => ({
    value: item.supplierId,
    label: item.supplierName || item.name,
    depth,
  }));
  // The companies pages are the admins' and the wizard no staff member's (their routes say so): the same rules
  // decide these commands.
  const actions: MenuAction[] = [
    ...(open.has('companies')
      ? [
          {
            value: 'all-companies',
            label: intl.formatMessage({ id: 'header.allCompanies' }),
            onSelect: () => void navigate({ to: '/companies' }),
          },
        ]
      : []),
    ...(mayOpen('/_app/companies/add')
      ? [
          {
            value: 'add-company',
            label: intl.formatMessage({ id: 'header.addCompany' }),
            onSelect: () => void navigate({ to: '/companies/add' }),
          },
        ]
      : []),
  ];
  const adminHome = open.get('adminHome');
  const person = user.user;
  const companyText = selected ? selected.supplierName || selected.name : intl.formatMessage({ id: 'header.chooseCompany' });
  const personName = person ? `${person.firstName} ${person.secondName}`.trim() : '';

  return (
    <header className={bar}>
      <button
        type="button"
        className={burger}
        onClick={onBurger}
        aria-expanded={menuOpen}
        aria-label={intl.formatMessage({ id: 'header.openMenu' })}
        data-testid="burger"
      >
        ☰
      </button>
      <Link to="/" aria-label={intl.formatMessage({ id: 'header.home' })} className={css({ display: { base: 'none', sm: 'block' } })}>
        <Logo region={region} alt={intl.formatMessage({ id: 'app.name' })} />
      </Link>
      {suppliers.items.length > 0 ? (
        <div data-testid="company-menu">
          <Tooltip content={companyText} ifCut>
            <ChoiceMenu
              label={intl.formatMessage({ id: 'header.company' })}
              triggerText={companyText}
              value={selected?.supplierId ?? null}
              options={options}
              onChange={selectSupplier}
              actions={actions}
            />
          </Tooltip>
        </div>
      ) : null}
      {adminHome ? (
        <Link to={adminHome} className={adminLink} data-testid="admin-area-link">
          {intl.formatMessage({ id: 'header.adminArea' })}
        </Link>
      ) : null}
      <div className={css({ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: '3', minWidth: 0 })}>
        {person ? (
          // The e-mail and roles are cut short where the header is narrow.
          <Tooltip content={[personName, person.email, roleNames(viewer.roles)].filter(Boolean).join(' · ')} ifCut>
            <Link to="/account/info" className={who} data-testid="user-block">
              <span className={avatar} aria-hidden="true">
                {initials(person.firstName, person.secondName)}
              </span>
              <span className={whoText}>
                <strong>{personName}</strong>
                <span className={muted}>{person.email}</span>
                {viewer.roles.length > 0 ? (
                  <span className={muted} data-testid="user-roles">
                    {roleNames(viewer.roles)}
                  </span>
                ) : null}
              </span>
            </Link>
          </Tooltip>
        ) : null}
        <LogoutButton />
      </div>
    </header>
  );
}

/** An arrow leaving a door: the phone's logout, whose words do not fit beside the company and the person in every language. */
const LogoutIcon = () => <LineIcon path="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M15 8l4 4-4 4M19 12H9" size={22} />;

/**
 * Logout (SPEC §4). Offline it asks first (issue 35): signing in again needs the server, so until the connection
 * is back nobody can use this device.
 */
function LogoutButton() {
  const intl = useIntl();
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const label = intl.formatMessage({ id: 'action.logout' });
  return (
    <>
      <Button
        tone="ghost"
        onClick={() => (online ? void logout() : setAsking(true))}
        data-testid="logout"
        aria-label={label}
        className={css({ px: { base: '2', md: '5' }, whiteSpace: 'nowrap' })}
      >
        <span className={css({ display: { base: 'inline-flex', sm: 'none' } })}>
          <LogoutIcon />
        </span>
        <span className={css({ display: { base: 'none', sm: 'inline' } })}>{label}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={intl.formatMessage({ id: 'header.logoutOffline.title' })}
        description={intl.formatMessage({ id: 'header.logoutOffline.text' })}
        confirmLabel={label}
        cancelLabel={intl.formatMessage({ id: 'header.logoutOffline.stay' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        onConfirm={() => {
          setAsking(false);
          void logout();
        }}
      />
    </>
  );
}
