import { css } from '@styled/css';
import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { Logo } from '@/ui/logo';
import { useScreenTitle } from './root-sync';
import { useShell } from './use-shell';

const page = css({ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: '4' });

/** The error layout: a centred card, nothing else. */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  const { region } = useShell();
  return (
    <main id="main" className={page}>
      <Card className={css({ maxWidth: '480px', width: '100%', textAlign: 'center', alignItems: 'center' })}>
        <Logo region={region} alt={intl.formatMessage({ id: 'app.name' })} />
        {children ?? <Outlet />}
      </Card>
    </main>
  );
}

function ErrorMessage({ code, titleId, textId }: { code: string; titleId: MessageId; textId: MessageId }) {
  const intl = useIntl();
  return (
    <>
      <p className={css({ fontSize: '5xl', fontWeight: 'bold', color: 'accentText' })} aria-hidden="true">
        {code}
      </p>
      <h1 className={pageTitle}>{intl.formatMessage({ id: titleId })}</h1>
      <p className={mutedText}>{intl.formatMessage({ id: textId })}</p>
      <Link to="/" className={button()}>
        {intl.formatMessage({ id: 'error.toHome' })}
      </Link>
    </>
  );
}

export const ForbiddenPage = () => <ErrorMessage code="403" titleId="title.forbidden" textId="error.forbiddenText" />;
export const NotFoundPage = () => <ErrorMessage code="404" titleId="title.notFound" textId="error.notFoundText" />;

/** The catch-all: an unknown path shows the 404 page inside the error layout. */
export function NotFoundScreen() {
  useScreenTitle('title.notFound');
  return (
    <ErrorLayout>
      <NotFoundPage />
    </ErrorLayout>
  );
}
