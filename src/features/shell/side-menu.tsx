import { css } from '@styled/css';
import { Link, useLocation } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { instructionUrl } from '@/lib/documents';
import { useLocale } from '@/lib/i18n';
import { languageOf } from '@/lib/locale';
import { InstallEntry } from './install-entry';
import { buildMenu, isEntryActive, menuLinks, SIDE_MENU, SIDE_MENU_BOTTOM, useOpenPlaces, type MenuLink } from './menu';

// On desktop the nav fills the aside so the bottom entries sit at the bottom; in the phone drawer they follow the list.
const nav = css({ display: 'flex', flexDirection: 'column', gap: '1', flex: { lg: '1 0 auto' } });
// Entries never shrink below their touch height, even in a short drawer.
const list = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  listStyle: 'none',
  p: 0,
  m: 0,
  flexShrink: 0,
  '& > li': { flexShrink: 0 },
});
const link = css({
  display: 'flex',
  alignItems: 'center',
  minHeight: 'touch',
  px: '3',
  borderRadius: 'control',
  color: 'ink',
  textDecoration: 'none',
  fontWeight: 'medium',
  _hover: { bg: 'accentSoft' },
  '&[data-active=true]': { bg: 'accentSoft', color: 'accentText', fontWeight: 'semibold' },
});
const groupLabel = css({
  px: '3',
  pt: '3',
  pb: '1',
  fontSize: 'xs',
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
  color: 'muted',
  fontWeight: 'bold',
  '&[data-active=true]': { color: 'accentText' },
});

function EntryLink({ entry, pathname, nested = false }: { entry: MenuLink; pathname: string; nested?: boolean }) {
  const intl = useIntl();
  const active = isEntryActive(entry, pathname);
  return (
    <Link
      to={entry.to}
      className={link}
      data-active={active}
      data-menu-id={entry.id}
      aria-current={active ? 'page' : undefined}
      style={nested ? { paddingInlineStart: '1.5rem' } : undefined}
    >
      {intl.formatMessage({ id: entry.labelId })}
    </Link>
  );
}

/** SPEC §2 "Side menu": the built pages the person may open (menu.ts); the instruction and settings at the bottom. */
export function SideMenu() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const language = languageOf(useLocale());
  const open = useOpenPlaces();

  return (
    <nav aria-label={intl.formatMessage({ id: 'menu.label' })} className={nav} data-testid="side-menu">
      <ul className={list}>
        {buildMenu(SIDE_MENU, open).map((entry) =>
          'children' in entry ? (
            <li key={entry.id} data-menu-id={entry.id}>
              <div className={groupLabel} data-active={isEntryActive(entry, pathname)} id={`menu-group-${entry.id}`}>
                {intl.formatMessage({ id: entry.labelId })}
              </div>
              <ul className={list} aria-labelledby={`menu-group-${entry.id}`}>
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <EntryLink entry={child} pathname={pathname} nested />
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={entry.id}>
              <EntryLink entry={entry} pathname={pathname} />
            </li>
          ),
        )}
      </ul>
      <ul className={list} style={{ marginTop: 'auto', paddingTop: '1rem' }}>
        <li>
          <a className={link} href={instructionUrl(language)} target="_blank" rel="noopener" data-menu-id="instruction">
            {intl.formatMessage({ id: 'menu.instruction' })}
          </a>
        </li>
        {menuLinks(SIDE_MENU_BOTTOM, open).map((entry) => (
          <li key={entry.id}>
            <EntryLink entry={entry} pathname={pathname} />
          </li>
        ))}
        <InstallEntry />
      </ul>
    </nav>
  );
}
