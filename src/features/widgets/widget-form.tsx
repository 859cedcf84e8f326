import { LOCALE_LANGUAGE, type Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { addWidgetBody } from '@contract/schemas/widgets';
import { DEFAULT_WIDGET_COLOUR, WIDGET_COLOURS, WIDGET_NAME_MAX, type WidgetProduct, type WidgetView } from '@contract/widgets';
import { css } from '@styled/css';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText, useLocale } from '@/lib/i18n';
import { CheckboxGroup } from '@/ui/checkbox-group';
import { ColourSwatches } from '@/ui/colour-swatches';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { FormActions } from '@/ui/form-actions';
import { LANGUAGE_OPTIONS } from '@/ui/language-options';
import { Card, sectionTitle } from '@/ui/layout';
import { ChoiceField } from '@/ui/select';
import { SelectField } from '@/ui/select-field';
import { WidgetPreview, type PreviewSettings } from './preview';

// The form and its preview side by side on wide screens; on a phone the preview follows the form.
const layout = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 440px)' },
  alignItems: 'start',
});
const HEX = /^#[0-9a-fA-F]{6}$/;

export interface WidgetSettings {
  name: string;
  productId: string;
  denominations: number[];
  colour: string;
  language: Language;
}

const amountsOf = (text: string) => (text ? text.split(',').map(Number) : []);

/**
 * The settings of a widget (add and edit): an approved certificate, the amounts offered, a colour (presets or any
 * `#RRGGBB`) and a language, checked by the shared schema; the server's refusals land at their fields and nothing
 * typed is lost. Beside it, the live preview of exactly these settings.
 */
export function WidgetForm(props: {
  supplierId: string | null;
  products: WidgetProduct[];
  widget?: WidgetView;
  submitLabel: string;
  onSubmit: (settings: WidgetSettings) => Promise<void>;
}) {
  const { supplierId, products, widget, submitLabel } = props;
  const intl = useIntl();
  const locale = useLocale();
  const errorText = useErrorText();
  const settingsTitleId = useId();
  const previewTitleId = useId();
  const first = products[0];
  const form = useForm({
    name: widget?.name ?? '',
    productId: widget?.productId ?? first?.id ?? '',
    denominations: (widget?.denominations ?? first?.denominations ?? []).join(','),
    colour: widget?.colour ?? DEFAULT_WIDGET_COLOUR,
    language: widget?.language ?? LOCALE_LANGUAGE[locale],
  });
  const { values } = form;
  const product = products.find((item) => item.id === values.productId);
  const chosen = amountsOf(values.denominations);
  // A widget's amounts that are no longer among the product's offered ones stay choosable until unticked.
  const offered = [...new Set([...(product?.denominations ?? []), ...chosen])].sort((a, b) => a - b);

  const set = (patch: Partial<typeof values>) => {
    form.setValues((prev) => ({ ...prev, ...patch }));
    form.setErrors((prev) => ({ ...prev, ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])) }));
  };
  const chooseProduct = (productId: string) =>
    set({ productId, denominations: (products.find((item) => item.id === productId)?.denominations ?? []).join(',') });

  const preview: PreviewSettings | null =
    product && chosen.length && HEX.test(values.colour)
      ? { productId: product.id, colour: values.colour, language: values.language as Language, denominations: chosen }
      : null;

  const onSubmit = () =>
    form.submit(
      addWidgetBody,
      {
        supplierId,
        name: values.name,
        productId: values.productId,
        denominations: chosen,
        colour: values.colour,
        language: values.language,
      },
      async (body) => props.onSubmit(body),
    );

  const amountsError = form.errors.denominations ?? Object.entries(form.errors).find(([key]) => key.startsWith('denominations.'))?.[1];

  return (
    <div className={layout}>
      {/* Two regions side by side, each named by what it holds (axe: landmark-unique). */}
      <Card aria-labelledby={settingsTitleId}>
        <h2 id={settingsTitleId} className={sectionTitle}>
          {intl.formatMessage({ id: 'widgets.settings.title' })}
        </h2>
        <Form spacing="wide" onSubmit={onSubmit} failure={form.formError} data-testid="widget-form">
          <TextField
            label={intl.formatMessage({ id: 'widgets.field.name' })}
            hint={intl.formatMessage({ id: 'widgets.field.nameHint' }, { max: WIDGET_NAME_MAX })}
            autoComplete="off"
            placeholder={product?.name}
            value={values.name}
            error={errorText(form.errors.name)}
            {...form.field('name')}
            data-testid="widget-name"
          />
          <ChoiceField
            label={intl.formatMessage({ id: 'widgets.field.certificate' })}
            name="productId"
            value={values.productId}
            error={errorText(form.errors.productId)}
            options={products.map((item) => ({ value: item.id, label: item.name }))}
            onValueChange={chooseProduct}
            testId="widget-product"
          />
          <CheckboxGroup
            legend={intl.formatMessage({ id: 'widgets.field.amounts' })}
            name="denominations"
            options={offered.map((amount) => ({
              value: String(amount),
              label: formatMoney(amount, product?.currency ?? 'RUB', intl.locale, 'price'),
            }))}
            value={chosen.map(String)}
            onValueChange={(next) =>
              set({
                denominations: next
                  .map(Number)
                  .sort((a, b) => a - b)
                  .join(','),
              })
            }
            error={errorText(amountsError)}
            hint={intl.formatMessage({ id: 'widgets.field.amountsHint' })}
          />
          <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2', border: 0, p: 0, m: 0 })}>
            <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>
              {intl.formatMessage({ id: 'widgets.field.colour' })}
            </legend>
            <ColourSwatches
              colours={WIDGET_COLOURS}
              value={values.colour}
              onPick={(colour) => set({ colour })}
              label={(colour) => intl.formatMessage({ id: 'widgets.colour.preset' }, { colour })}
              testId="widget-colour-preset"
            />
            <TextField
              label={intl.formatMessage({ id: 'widgets.field.customColour' })}
              autoComplete="off"
              spellCheck={false}
              maxLength={7}
              value={values.colour}
              error={errorText(form.errors.colour)}
              {...form.field('colour')}
              data-testid="widget-colour"
            />
          </fieldset>
          <SelectField
            label={intl.formatMessage({ id: 'widgets.field.language' })}
            value={values.language}
            error={errorText(form.errors.language)}
            {...form.field('language')}
            data-testid="widget-language"
          >
            {LANGUAGE_OPTIONS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </SelectField>
          <FormActions submitLabel={submitLabel} submitting={form.submitting} testId="widget-submit" />
        </Form>
      </Card>
      <Card
        aria-labelledby={previewTitleId}
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', position: { lg: 'sticky' }, top: { lg: '4' } })}
      >
        <h2 id={previewTitleId} className={sectionTitle}>
          {intl.formatMessage({ id: 'widgets.preview.title' })}
        </h2>
        <p className={css({ color: 'muted', fontSize: 'sm' })}>{intl.formatMessage({ id: 'widgets.preview.hint' })}</p>
        <WidgetPreview settings={preview} />
      </Card>
    </div>
  );
}
