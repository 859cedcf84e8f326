import {
  DELIVERIES,
  MULTI_USE_MAX,
  RECEPTION_POINTS_MAX,
  VALIDITY_MONTHS_MAX,
  type Acceptance,
  type MultiUse,
  type ReceptionPoint,
  type Terms,
  type Validity,
} from '@contract/catalogue';
import { terms } from '@contract/schemas/catalogue';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { useErrorText } from '@/lib/i18n';
import type { MessageId } from '@/lib/message-id';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { CheckboxField, FieldError, TextField } from '@/ui/field';
import { mutedText } from '@/ui/layout';
import { RadioGroupField } from '@/ui/radio-group';
import { SelectField } from '@/ui/select-field';
import { errorAt, ListRow, StepFormShell, subsection, useStepForm, WIDE, type StepFormProps } from './form-kit';

const POINT_FIELDS = ['region', 'city', 'street', 'house', 'building', 'premises', 'postcode'] as const;
type PointField = (typeof POINT_FIELDS)[number];
const POINT_AUTOCOMPLETE: Record<PointField, string> = {
  region: 'address-level1',
  city: 'address-level2',
  street: 'address-line1',
  house: 'off',
  building: 'off',
  premises: 'address-line2',
  postcode: 'postal-code',
};

interface PointRow extends ReceptionPoint {
  /** React's key for the row: rows come and go in the middle. */
  key: number;
}

/** Each choice's own fields are kept as typed: switching between them loses nothing. */
interface Values {
  validity: Validity['kind'];
  months: string;
  date: string;
  multiUse: MultiUse['kind'];
  multiUseMax: string;
  printoutNeeded: boolean;
  codesActive: boolean;
  extensionPossible: boolean;
  delivery: string;
  receptionPoints: PointRow[];
}

/** Keys of rows, unique across the page's life. */
let nextKey = 0;
/** A row: each field as saved, or empty for a new one. */
const point = (from?: ReceptionPoint): PointRow => ({
  key: nextKey++,
  ...(Object.fromEntries(POINT_FIELDS.map((name) => [name, from?.[name] ?? ''])) as Record<PointField, string>),
});

const toValues = (value: Terms | null): Values => ({
  validity: value?.validity.kind ?? 'months',
  months: value?.validity.kind === 'months' ? String(value.validity.months) : '12',
  date: value?.validity.kind === 'fixedDate' ? value.validity.date : '',
  multiUse: value?.multiUse.kind ?? 'no',
  multiUseMax: value?.multiUse.kind === 'limited' ? String(value.multiUse.max) : '',
  printoutNeeded: value?.printoutNeeded ?? false,
  codesActive: value?.codesActive ?? true,
  extensionPossible: value?.extensionPossible ?? false,
  delivery: value?.delivery ?? '',
  receptionPoints: (value?.receptionPoints ?? []).map(point),
});

/** A whole number as typed; empty is "not given" (the schema says required), anything else is left for it to refuse. */
const count = (typed: string) => (typed.trim() === '' ? undefined : Number(typed.trim()));

/**
 * Step 4 (SPEC §3 "terms"): how long a certificate is valid (months from
 * issue, until a date, or for ever), whether it is used once, a few times or
 * without limit (a disposable one is used once: the choice says both), whether
 * codes are issued active, and where it is accepted offline (reception points,
 * needed when the product is accepted offline).
 */
export function TermsForm(props: StepFormProps<Terms> & { acceptance?: Acceptance | null }) {
  const { value, onSubmit, acceptance, ...shell } = props;
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useStepForm(() => toValues(value), props.error, 'terms');
  const { values, errors, set, setValues, clear } = form;
  const t = (id: MessageId) => intl.formatMessage({ id });

  const setPoint = (index: number, name: PointField, text: string) => {
    setValues((prev) => ({
      ...prev,
      receptionPoints: prev.receptionPoints.map((item, at) => (at === index ? { ...item, [name]: text } : item)),
    }));
    clear(`receptionPoints.${index}.${name}`);
  };
  // Errors of later rows would point at the wrong row once one is removed: the list's errors go with it.
  const removePoint = (index: number) => {
    setValues((prev) => ({ ...prev, receptionPoints: prev.receptionPoints.filter((_, at) => at !== index) }));
    clear('receptionPoints');
  };
  const addPoint = () => {
    setValues((prev) => ({ ...prev, receptionPoints: [...prev.receptionPoints, point()] }));
    clear('receptionPoints');
  };

  /** The number a choice asks for (months of validity, uses allowed): the choice's errors show on it, and typing clears them. */
  const countOf = (name: 'months' | 'multiUseMax', choice: 'validity' | 'multiUse') => ({
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      set(name, event.target.value);
      clear(choice);
    },
    error: errorText(errorAt(errors, choice)),
  });

  const submit = async () => {
    const validity =
      values.validity === 'months'
        ? { kind: 'months', months: count(values.months) }
        : values.validity === 'fixedDate'
          ? { kind: 'fixedDate', date: values.date }
          : { kind: 'perpetual' };
    const multiUse = values.multiUse === 'limited' ? { kind: 'limited', max: count(values.multiUseMax) } : { kind: values.multiUse };
    const checked = await form.check(terms, {
      printoutNeeded: values.printoutNeeded,
      receptionPoints: values.receptionPoints.map(({ key: _key, ...rest }) => rest),
      validity,
      codesActive: values.codesActive,
      // A perpetual certificate has nothing to extend: the box is hidden then, and not sent as ticked.
      extensionPossible: values.validity !== 'perpetual' && values.extensionPossible,
      multiUse,
      // The same choice in the words of the contract: used once is disposable.
      disposability: values.multiUse === 'no' ? 'disposable' : 'reusable',
      delivery: values.delivery,
    });
    if (checked) onSubmit(checked as Terms);
  };

  const offline = acceptance === 'offline' || acceptance === 'both';
  return (
    <StepFormShell {...shell} onSubmit={() => void submit()} formRef={form.formRef} testId="terms-form">
      <RadioGroupField
        className={WIDE}
        label={t('catalogue.field.validity')}
        name="validity"
        value={values.validity}
        onValueChange={(kind) => set('validity', kind)}
        options={[
          { value: 'months', label: t('catalogue.validity.months') },
          { value: 'fixedDate', label: t('catalogue.validity.fixedDate') },
          { value: 'perpetual', label: t('catalogue.validity.perpetual') },
        ]}
        error={errorText(errors.validity)}
        orientation="horizontal"
      />
      {values.validity === 'months' ? (
        <TextField
          label={t('catalogue.field.validityMonths')}
          hint={intl.formatMessage({ id: 'catalogue.hint.validityMonths' }, { max: VALIDITY_MONTHS_MAX })}
          name="validity.months"
          {...countOf('months', 'validity')}
        />
      ) : null}
      {values.validity === 'fixedDate' ? (
        <DateField
          label={t('catalogue.field.validityDate')}
          hint={t('catalogue.hint.validityDate')}
          name="validity.date"
          value={values.date}
          onChange={(typed) => {
            set('date', typed);
            clear('validity');
          }}
          error={errorText(errorAt(errors, 'validity'))}
        />
      ) : null}
      {values.validity !== 'perpetual' ? (
        <CheckboxField className={WIDE} label={t('catalogue.field.extensionPossible')} {...form.flag('extensionPossible')} />
      ) : null}

      <RadioGroupField
        className={WIDE}
        label={t('catalogue.field.multiUse')}
        name="multiUse"
        value={values.multiUse}
        onValueChange={(kind) => set('multiUse', kind)}
        options={[
          { value: 'no', label: t('catalogue.multiUse.no'), description: t('catalogue.multiUse.noHint') },
          { value: 'limited', label: t('catalogue.multiUse.limited'), description: t('catalogue.multiUse.limitedHint') },
          { value: 'unlimited', label: t('catalogue.multiUse.unlimited'), description: t('catalogue.multiUse.unlimitedHint') },
        ]}
        error={errorText(errors.multiUse ?? errors.disposability)}
      />
      {values.multiUse === 'limited' ? (
        <TextField
          label={t('catalogue.field.multiUseMax')}
          hint={intl.formatMessage({ id: 'catalogue.hint.multiUseMax' }, { max: MULTI_USE_MAX })}
          name="multiUse.max"
          {...countOf('multiUseMax', 'multiUse')}
        />
      ) : null}

      <SelectField
        label={t('catalogue.field.termsDelivery')}
        name="delivery"
        value={values.delivery}
        onChange={(event) => set('delivery', event.target.value)}
        error={errorText(errors.delivery)}
      >
        <option value="">{t('catalogue.choose')}</option>
        {DELIVERIES.map((option) => (
          <option key={option} value={option}>
            {t(`catalogue.delivery.${option}`)}
          </option>
        ))}
      </SelectField>
      <CheckboxField className={WIDE} label={t('catalogue.field.codesActive')} {...form.flag('codesActive')} />
      <CheckboxField className={WIDE} label={t('catalogue.field.printoutNeeded')} {...form.flag('printoutNeeded')} />

      <h3 className={subsection}>{t('catalogue.section.receptionPoints')}</h3>
      <div className={`${WIDE} ${css({ display: 'flex', flexDirection: 'column', gap: '3' })}`} data-testid="reception-points">
        <p className={mutedText}>{t(offline ? 'catalogue.receptionPoints.needed' : 'catalogue.receptionPoints.optional')}</p>
        {values.receptionPoints.map((item, index) => (
          <ListRow
            key={item.key}
            title={intl.formatMessage({ id: 'catalogue.receptionPoint.title' }, { number: index + 1 })}
            removeLabel={t('catalogue.action.remove')}
            onRemove={() => removePoint(index)}
            testId="reception-point"
          >
            {POINT_FIELDS.map((name) => (
              <TextField
                key={name}
                label={t(`catalogue.field.point.${name}`)}
                name={`receptionPoints.${index}.${name}`}
                autoComplete={POINT_AUTOCOMPLETE[name]}
                value={item[name]}
                onChange={(event) => setPoint(index, name, event.target.value)}
                error={errorText(errors[`receptionPoints.${index}.${name}`])}
              />
            ))}
          </ListRow>
        ))}
        <FieldError id="reception-points-error" error={errorText(errors.receptionPoints)} name="receptionPoints" />
        <div>
          <Button
            tone="secondary"
            onClick={addPoint}
            disabled={values.receptionPoints.length >= RECEPTION_POINTS_MAX}
            data-testid="reception-point-add"
          >
            {t('catalogue.receptionPoint.add')}
          </Button>
        </div>
      </div>
    </StepFormShell>
  );
}
