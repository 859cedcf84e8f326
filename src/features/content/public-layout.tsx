import { css } from '@styled/css';
import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '@/lib/i18n';
import { setLocale } from '@/lib/locale';
import { mainStore } from '@/lib/main-store';
import { QueryProvider } from '@/lib/query-client';
import { useStore } from '@/lib/use-store';
import { LanguageSelect } from '@/ui/language-select';
import { Logo } from '@/ui/logo';

const shell = css({ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bg: 'canvas' });
const top = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: { base: '3', md: '6' },
  py: '2',
  bg: 'surface',
  borderBottomWidth: '1px',
  borderColor: 'line',
});
const main = css({ flex: 1, p: { base: '3', md: '6' } });

/**
 * The documents' layout for someone not signed in (a registrant reading the offer): the logo, which leads to sign-in,
 * the language, the page and the footer. Signed in, the documents open in the portal's own layout instead.
 */
export function PublicLayout({ footer }: { footer: ReactNode }) {
  const intl = useIntl();
  const locale = useLocale();
  const { region } = useStore(mainStore);
  return (
    <QueryProvider>
      <div className={shell}>
        <header className={top}>
          <Link to="/login" aria-label={intl.formatMessage({ id: 'app.name' })}>
            <Logo region={region} alt={intl.formatMessage({ id: 'app.name' })} />
          </Link>
          <LanguageSelect value={locale} onChange={setLocale} label={intl.formatMessage({ id: 'language.label' })} />
        </header>
        <main id="main" className={main}>
          <Outlet />
        </main>
        {footer}
      </div>
    </QueryProvider>
  );
}
