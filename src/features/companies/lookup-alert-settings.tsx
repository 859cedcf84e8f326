import { LOOKUP_ALERT_LIMITS, type LookupAlertSettings } from '@contract/lookup-alerts';
import { lookupAlertSettingsBody } from '@contract/schemas/lookup-alerts';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { boundField } from '@/lib/bound-field';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { FormActions } from '@/ui/form-actions';
import { Alert, Card, mutedText, row, sectionTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { lookupAlertSettingsQuery, useSaveLookupAlertSettings } from './queries';

const FIELDS = ['tillMax', 'certificateMax', 'windowMinutes'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const fields = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } });

/** What was typed as the schema's numbers: empty is absent (REQUIRED), anything else as JavaScript reads it. */
const asNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * The company's failed-lookup alert thresholds (decision 097), on its page for those who manage it: the admins are
 * mailed once a window when a till or a certificate has more failed checks than these.
 */
export function LookupAlertSettingsCard({ supplierId }: { supplierId: string }) {
  const settings = useQuery(lookupAlertSettingsQuery(supplierId));
  return (
    <Card data-testid="lookup-alert-settings">
      {settings.data ? <SettingsForm supplierId={supplierId} saved={settings.data} /> : <QueryFallback queries={[settings]} />}
    </Card>
  );
}

function SettingsForm({ supplierId, saved }: { supplierId: string; saved: LookupAlertSettings }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const saveSettings = useSaveLookupAlertSettings();
  const form = useForm<Values>({
    tillMax: String(saved.tillMax),
    certificateMax: String(saved.certificateMax),
    windowMinutes: String(saved.windowMinutes),
  });
  const [done, setDone] = useState(false);
  const save = () =>
    form.submit(
      lookupAlertSettingsBody,
      {
        supplierId,
        tillMax: asNumber(form.values.tillMax),
        certificateMax: asNumber(form.values.certificateMax),
        windowMinutes: asNumber(form.values.windowMinutes),
      },
      async (body) => {
        setDone(false);
        await saveSettings.mutateAsync(body);
        setDone(true);
      },
    );
  return (
    <>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'companiesAlerts.title' })}</h2>
      <p className={mutedText}>{intl.formatMessage({ id: 'companiesAlerts.intro' })}</p>
      <Form onSubmit={save} failure={form.formError}>
        {done ? <Alert tone="success">{intl.formatMessage({ id: 'state.saved' })}</Alert> : null}
        <div className={fields}>
          {FIELDS.map((name) => (
            <TextField
              key={name}
              label={intl.formatMessage({ id: `companiesAlerts.field.${name}` })}
              hint={intl.formatMessage({ id: 'companiesAlerts.range' }, LOOKUP_ALERT_LIMITS[name])}
              inputMode="numeric"
              data-testid={`lookup-alert-${name}`}
              {...boundField(form, errorText, name)}
            />
          ))}
        </div>
        <FormActions
          className={row}
          submitLabel={intl.formatMessage({ id: 'action.save' })}
          submitting={form.submitting}
          testId="lookup-alert-save"
        />
      </Form>
    </>
  );
}
