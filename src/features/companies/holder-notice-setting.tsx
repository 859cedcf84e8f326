import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { CheckboxField } from '@/ui/field';
import { Alert, Card, mutedText, sectionTitle } from '@/ui/layout';
import { useSetHolderNotices } from './queries';

/**
 * The company's switch for cardholders' balance notices (decision 096), for those who manage it. It saves on
 * change: a box that needs a second button to take effect is one people forget.
 */
export function HolderNoticeSetting({ supplierId, holderNotices }: { supplierId: string; holderNotices: boolean }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const online = useOnline();
  const save = useSetHolderNotices(supplierId);
  // The box shows the wish at once, and the saved value once the server answered (the old one if it refused).
  const [wanted, setWanted] = useState<boolean>();
  const change = (checked: boolean) => {
    setWanted(checked);
    save.mutate(checked, { onSettled: () => setWanted(undefined) });
  };
  return (
    <Card aria-labelledby="holder-notices-title">
      <h2 id="holder-notices-title" className={sectionTitle}>
        {intl.formatMessage({ id: 'companies.holderNotices.title' })}
      </h2>
      <CheckboxField
        label={intl.formatMessage({ id: 'companies.holderNotices.label' })}
        checked={wanted ?? holderNotices}
        disabled={!online}
        onChange={(event) => change(event.target.checked)}
        data-testid="holder-notices"
      />
      <p className={mutedText}>{intl.formatMessage({ id: 'companies.holderNotices.hint' })}</p>
      {save.error ? <Alert tone="error">{failureText(save.error)}</Alert> : null}
    </Card>
  );
}
