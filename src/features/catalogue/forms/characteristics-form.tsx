import {
  CODE_PLACEHOLDER,
  ORDER_PARAMETERS,
  PRODUCT_NAME_MAX,
  PRODUCT_TYPES,
  type Characteristics,
  type OrderParameter,
} from '@contract/catalogue';
import type { Country } from '@contract/enums';
import { characteristics } from '@contract/schemas/catalogue';
import { useIntl } from 'react-intl';
import { useErrorText } from '@/lib/i18n';
import type { MessageId } from '@/lib/message-id';
import { CheckboxGroup } from '@/ui/checkbox-group';
import { DateField } from '@/ui/date-field';
import { CheckboxField, TextField } from '@/ui/field';
import { SelectField } from '@/ui/select-field';
import { TextAreaField } from '@/ui/text-area-field';
import { CountedHint, errorAt, limitBroken, StepFormShell, subsection, useStepForm, WIDE, type StepFormProps } from './form-kit';

/** The form's values: the step's, with the cities one per line as typed. */
interface Values extends Omit<Characteristics, 'cities' | 'productType'> {
  cities: string;
  productType: string;
}

const toValues = (value: Characteristics | null): Values => ({
  name: value?.name ?? '',
  nameKz: value?.nameKz ?? '',
  website: value?.website ?? '',
  detailedTitle: value?.detailedTitle ?? '',
  briefDescription: value?.briefDescription ?? '',
  adminName: value?.adminName ?? '',
  linkByCode: value?.linkByCode ?? '',
  venue: value?.venue ?? '',
  cities: (value?.cities ?? []).join('\n'),
  productType: value?.productType ?? '',
  siteDescription: value?.siteDescription ?? '',
  expectedActivationDate: value?.expectedActivationDate ?? '',
  restrictionsByProducts: value?.restrictionsByProducts ?? '',
  b2b: value?.b2b ?? false,
  requiredOrderParameters: value?.requiredOrderParameters ?? [],
});

const cityList = (typed: string) =>
  typed
    .split('\n')
    .map((city) => city.trim())
    .filter(Boolean);

/**
 * Step 1 (SPEC §3 "characteristics"): the names (the Kazakh one required for a
 * company in Kazakhstan), type, descriptions, links, where it is used, and what
 * the marketplace must pass with an order.
 */
export function CharacteristicsForm(props: StepFormProps<Characteristics> & { country: Country }) {
  const { value, onSubmit, country, ...shell } = props;
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useStepForm(() => toValues(value), props.error, 'characteristics');
  const { values, errors, set } = form;
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const text = (name: keyof Values & string) => ({
    name,
    value: values[name] as string,
    error: errorText(errorAt(errors, name)),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });

  // The names are bounded: too long a name says so as it is typed, and nothing typed is cut off.
  const counted = (name: 'name' | 'nameKz') => {
    const field = text(name);
    return { ...field, error: field.error ?? errorText(limitBroken(characteristics.entries[name], values[name])) };
  };

  const submit = async () => {
    const checked = await form.check(characteristics, { ...values, cities: cityList(values.cities) });
    if (checked) onSubmit(checked);
  };

  return (
    <StepFormShell {...shell} onSubmit={() => void submit()} formRef={form.formRef} testId="characteristics-form">
      <TextField
        label={t('catalogue.field.name')}
        hint={<CountedHint hint={t('catalogue.hint.name', { max: PRODUCT_NAME_MAX })} value={values.name} max={PRODUCT_NAME_MAX} />}
        autoComplete="off"
        {...counted('name')}
      />
      <TextField
        label={t(country === 'KZ' ? 'catalogue.field.nameKzRequired' : 'catalogue.field.nameKz')}
        hint={<CountedHint hint={t('catalogue.hint.nameKz')} value={values.nameKz} max={PRODUCT_NAME_MAX} />}
        autoComplete="off"
        lang="kk"
        {...counted('nameKz')}
      />
      <SelectField label={t('catalogue.field.productType')} {...text('productType')}>
        <option value="">{t('catalogue.choose')}</option>
        {PRODUCT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`catalogue.productType.${type}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t('catalogue.field.adminName')} hint={t('catalogue.hint.adminName')} autoComplete="off" {...text('adminName')} />
      <TextField className={WIDE} label={t('catalogue.field.detailedTitle')} autoComplete="off" {...text('detailedTitle')} />
      <TextAreaField className={WIDE} label={t('catalogue.field.briefDescription')} maxLength={300} {...text('briefDescription')} />
      <TextAreaField className={WIDE} label={t('catalogue.field.siteDescription')} {...text('siteDescription')} />

      <h3 className={subsection}>{t('catalogue.section.where')}</h3>
      <TextField label={t('catalogue.field.website')} type="url" inputMode="url" autoComplete="url" {...text('website')} />
      <TextField
        label={t('catalogue.field.linkByCode')}
        hint={t('catalogue.hint.linkByCode', { code: CODE_PLACEHOLDER })}
        type="url"
        inputMode="url"
        autoComplete="off"
        {...text('linkByCode')}
      />
      <TextField label={t('catalogue.field.venue')} autoComplete="off" {...text('venue')} />
      <DateField
        label={t('catalogue.field.expectedActivationDate')}
        {...text('expectedActivationDate')}
        onChange={(typed) => set('expectedActivationDate', typed)}
      />
      <TextAreaField className={WIDE} label={t('catalogue.field.cities')} hint={t('catalogue.hint.cities')} {...text('cities')} />
      <TextAreaField className={WIDE} label={t('catalogue.field.restrictionsByProducts')} {...text('restrictionsByProducts')} />

      <h3 className={subsection}>{t('catalogue.section.orders')}</h3>
      <div className={WIDE}>
        <CheckboxGroup<OrderParameter>
          legend={t('catalogue.field.requiredOrderParameters')}
          name="requiredOrderParameters"
          options={ORDER_PARAMETERS.map((parameter) => ({ value: parameter, label: t(`catalogue.orderParameter.${parameter}`) }))}
          value={values.requiredOrderParameters}
          onValueChange={(next) => set('requiredOrderParameters', next)}
          error={errorText(errorAt(errors, 'requiredOrderParameters'))}
        />
      </div>
      <CheckboxField className={WIDE} label={t('catalogue.field.b2b')} {...form.flag('b2b')} />
    </StepFormShell>
  );
}
