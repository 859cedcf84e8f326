import { useIntl } from 'react-intl';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { useShell } from './use-shell';

/** /admin: the admin area's home. */
export function AdminHomePage() {
  const intl = useIntl();
  const { user } = useShell();
  return (
    <Card>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'admin.welcome' }, { name: user.user?.firstName ?? '' })}</h1>
      <p className={mutedText}>{intl.formatMessage({ id: 'admin.intro' })}</p>
    </Card>
  );
}
