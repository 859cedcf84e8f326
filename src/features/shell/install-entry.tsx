import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { needsIosInstallHint, promptInstall, pwaStore } from '@/lib/pwa';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';

const iosHint = needsIosInstallHint();

/**
 * A side-menu entry, "Install the app": a button where the browser offers installation
 * (beforeinstallprompt), a short "Share → Add to Home Screen" hint on iOS
 * Safari, nothing elsewhere (installed already, or a browser that cannot).
 */
export function InstallEntry() {
  const intl = useIntl();
  const { canInstall } = useStore(pwaStore);
  if (canInstall) {
    return (
      <li>
        <Button tone="secondary" width="full" onClick={() => void promptInstall()} data-testid="install-app">
          {intl.formatMessage({ id: 'install.button' })}
        </Button>
      </li>
    );
  }
  if (!iosHint) return null;
  return (
    <li className={css({ fontSize: 'sm', color: 'muted', px: '3' })} data-testid="install-ios-hint">
      {intl.formatMessage({ id: 'install.ios' })}
    </li>
  );
}
