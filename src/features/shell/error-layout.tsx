import { css, cx } from '@styled/css';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Card } from '@/ui/layout';
import { Logo } from '@/ui/logo';
import { NotFoundMessage } from '@/ui/page-states';
import { AdminLayout } from './admin-layout';
import { DefaultLayout } from './default-layout';
import { useScreenTitle } from './root-sync';
import { useShell } from './use-shell';

const page = css({ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: '4' });
const message = css({ maxWidth: '480px', width: '100%', textAlign: 'center', alignItems: 'center' });

/**
 * The error screens' layout. Signed in, the card sits in the person's own frame (staff: the admin layout), so the menu
 * stays and the way on is one click (issue 35 item 12); signed out, a centred card with the logo, nothing else.
 */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { region, user } = useShell();
  const content = children ?? <Outlet />;
  if (user.user) {
    const card = <Card className={cx(message, css({ mx: 'auto' }))}>{content}</Card>;
    return user.user.isStaff ? <AdminLayout>{card}</AdminLayout> : <DefaultLayout>{card}</DefaultLayout>;
  }
  return (
    <main id="main" className={page}>
      <Card className={message}>
        <Logo region={region} alt={intl.formatMessage({ id: 'app.name' })} />
        {content}
      </Card>
    </main>
  );
}

/** The catch-all: an unknown path shows the 404 page inside the error layout. */
export function NotFoundScreen() {
  useScreenTitle('title.notFound');
  return (
    <ErrorLayout>
      <NotFoundMessage />
    </ErrorLayout>
  );
}
