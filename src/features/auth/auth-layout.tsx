import { css } from '@styled/css';
import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '@/lib/i18n';
import { expectArrival } from '@/lib/landing';
import { setLocale } from '@/lib/locale';
import { mainStore } from '@/lib/main-store';
import { useStore } from '@/lib/use-store';
import { LanguageSelect } from '@/ui/language-select';
import { Logo } from '@/ui/logo';

// Stacked on a phone, the form's row takes the height the screen has left: the brand panel keeps its own (issue 35).
const page = css({
  minHeight: '100dvh',
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '2fr 3fr' },
  gridTemplateRows: { base: 'auto 1fr', md: '1fr' },
});
const brand = css({
  bg: 'brandPanel',
  color: 'white',
  p: { base: '4', md: '12' },
  display: 'flex',
  flexDirection: { base: 'row', md: 'column' },
  justifyContent: { base: 'space-between', md: 'center' },
  alignItems: { base: 'center', md: 'flex-start' },
  gap: '6',
});
const logoPill = css({ bg: 'white', borderRadius: 'control', p: '2' });
const formSide = css({ display: 'flex', flexDirection: 'column', p: { base: '4', md: '8' }, bg: 'surface' });
const formBox = css({ width: '100%', maxWidth: '440px', margin: 'auto', py: '6' });

/** The auth layout: brand panel on the left, the form on the right; stacked on phones (SPEC §2). */
export function AuthLayout() {
  const intl = useIntl();
  const locale = useLocale();
  const { region } = useStore(mainStore);
  // Whoever signs in here arrives afresh: the index route sends a till-only person to the till (decision 066).
  useEffect(expectArrival, []);
  return (
    <div className={page}>
      <aside className={brand} aria-label={intl.formatMessage({ id: 'app.name' })}>
        <div className={logoPill}>
          <Logo region={region} alt={intl.formatMessage({ id: 'app.name' })} />
        </div>
        <p
          className={css({
            fontSize: { base: 'sm', md: '2xl' },
            fontWeight: 'semibold',
            maxWidth: '22rem',
            display: { base: 'none', sm: 'block' },
          })}
        >
          {intl.formatMessage({ id: 'auth.tagline' })}
        </p>
      </aside>
      <div className={formSide}>
        {/* In a landmark of its own, as everything on the page is (axe, issue 35). */}
        <header className={css({ display: 'flex', justifyContent: 'flex-end' })}>
          <LanguageSelect value={locale} onChange={setLocale} label={intl.formatMessage({ id: 'language.label' })} />
        </header>
        <main id="main" className={formBox}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
