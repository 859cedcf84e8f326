import { useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import { button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { laterPath } from './side-menu';
import { useShell } from './use-shell';

/** /admin: the admin area's home. */
export function AdminHomePage() {
  const intl = useIntl();
  const { user } = useShell();
  return (
    <Card>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'admin.welcome' }, { name: user.user?.firstName ?? '' })}</h1>
      <p className={mutedText}>{intl.formatMessage({ id: 'admin.intro' })}</p>
      <div>
        <Link to={laterPath('/admin/products')} className={button()}>
          {intl.formatMessage({ id: 'admin.products' })}
        </Link>
      </div>
    </Card>
  );
}
