import { BRAND_ACCENTS, regionDefaultColor } from '@contract/brand';
import { LOCALES, type Locale } from '@contract/enums';
import { setSettingsBody } from '@contract/schemas/account';
import { css } from '@styled/css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText, useLocale } from '@/lib/i18n';
import { setLocale } from '@/lib/locale';
import { mainStore } from '@/lib/main-store';
import { useOnline } from '@/lib/online';
import { accountKeys, saveSettings } from '@/lib/queries';
import { updateSettings, userStore } from '@/lib/session';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { ColourSwatches } from '@/ui/colour-swatches';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { Alert, Card, mutedText, pageTitle, row } from '@/ui/layout';
import { OfflineReason, SavedMark } from '@/ui/offline';
import { SelectField } from '@/ui/select-field';

/** The two brand accents first, then other colours that keep text readable. */
const PRESETS = [BRAND_ACCENTS.ru, BRAND_ACCENTS.es, '#0B69D4', '#D1345B', '#E07A00', '#1B1B29'];

/** /account/settings: cabinet language and colour, saved with set-settings. */
export function SettingsPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { region } = useStore(mainStore);
  const { settings } = useStore(userStore);
  const [saved, setSaved] = useState(false);
  // Saving needs the server; what was typed stays in the form until it is back.
  const online = useOnline();
  const siteColor = regionDefaultColor(region).toUpperCase();
  const form = useForm({
    preferredLanguage: settings?.language ?? locale,
    preferredColor: settings?.color ?? siteColor,
  });
  const { values } = form;
  // Without a colour of one's own, the site's stays unchosen: each site keeps showing its own (decision 79).
  const preferredColor = settings?.color || values.preferredColor.toUpperCase() !== siteColor ? values.preferredColor : undefined;

  const onSubmit = () =>
    form.submit(setSettingsBody, { ...values, preferredColor }, async (body) => {
      setSaved(false);
      const next = await saveSettings(body);
      queryClient.setQueryData(accountKeys.settings(), next);
      updateSettings(next);
      setLocale(next.language);
      setSaved(true);
    });

  return (
    <Card className={css({ maxWidth: '640px' })}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'title.settings' })}</h1>
      <SavedMark updatedAt={queryClient.getQueryState(accountKeys.settings())?.dataUpdatedAt} />
      <Form spacing="wide" onSubmit={onSubmit} failure={form.formError}>
        {saved ? <Alert tone="success">{intl.formatMessage({ id: 'state.saved' })}</Alert> : null}
        <SelectField
          label={intl.formatMessage({ id: 'settings.language' })}
          value={values.preferredLanguage}
          error={errorText(form.errors.preferredLanguage)}
          {...form.field('preferredLanguage')}
        >
          {LOCALES.map((option: Locale) => (
            <option key={option} value={option}>
              {LANGUAGE_NAMES[option]}
            </option>
          ))}
        </SelectField>
        {settings && locale !== settings.language && values.preferredLanguage === settings.language ? (
          <p className={mutedText} data-testid="site-language-note">
            {intl.formatMessage({ id: 'settings.siteLanguage' }, { language: LANGUAGE_NAMES[settings.language] })}
          </p>
        ) : null}
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>{intl.formatMessage({ id: 'settings.color' })}</legend>
          <ColourSwatches
            colours={PRESETS}
            value={values.preferredColor}
            onPick={(color) => form.setValues((prev) => ({ ...prev, preferredColor: color }))}
            label={(color) => intl.formatMessage({ id: 'settings.colorPreset' }, { color })}
          />
          <TextField
            label={intl.formatMessage({ id: 'settings.colorCustom' })}
            type="color"
            value={values.preferredColor.toLowerCase()}
            error={errorText(form.errors.preferredColor)}
            className={css({ maxWidth: '160px' })}
            {...form.field('preferredColor')}
          />
        </fieldset>
        <div className={row}>
          <Button type="submit" disabled={form.submitting || !online} aria-describedby={online ? undefined : 'settings-offline'}>
            {intl.formatMessage({ id: 'action.save' })}
          </Button>
          <OfflineReason id="settings-offline" />
        </div>
      </Form>
    </Card>
  );
}
