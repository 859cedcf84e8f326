import { DENOMINATIONS_MAX, type Denominations, type FixedDenomination } from '@contract/catalogue';
import { moneyInput, parseMoney } from '@contract/money';
import { denominations } from '@contract/schemas/catalogue';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { useErrorText } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { CheckboxField, FieldError, TextField } from '@/ui/field';
import { mutedText } from '@/ui/layout';
import { RadioGroupField } from '@/ui/radio-group';
import { ListRow, StepFormShell, useStepForm, WIDE, type StepErrors, type StepFormProps } from './form-kit';

interface Row {
  /** React's key for the row: rows come and go in the middle. */
  key: number;
  value: string;
  description: string;
  externalId: string;
}

/** Both kinds' fields are kept as typed: switching between a list and a range loses neither. */
interface Values {
  kind: Denominations['kind'];
  items: Row[];
  min: string;
  max: string;
  multiplicity: string;
  showDescriptionInPdf: boolean;
}

/** Keys of rows, unique across the page's life. */
let nextKey = 0;

const MONEY_INPUT = { inputMode: 'decimal', autoComplete: 'off' } as const;

/**
 * Step 2 (SPEC §3 "denomination"): a fixed list of amounts (each with a
 * description and the company's own id for it), or any amount from a minimum to
 * a maximum in steps. Amounts are typed in major units ("1 000,50") and sent in
 * minor units.
 */
export function DenominationsForm(props: StepFormProps<Denominations> & { currency: string }) {
  const { value, onSubmit, currency, ...shell } = props;
  const intl = useIntl();
  const errorText = useErrorText();
  const money = (minor: number | undefined) => (minor === undefined ? '' : moneyInput(minor, intl.locale));
  const row = (item?: FixedDenomination): Row => ({
    key: nextKey++,
    value: money(item?.value),
    description: item?.description ?? '',
    externalId: item?.externalId ?? '',
  });
  const form = useStepForm<Values>(
    () => ({
      kind: value?.kind ?? 'fixed',
      items: value?.kind === 'fixed' ? value.items.map((item) => row(item)) : [row()],
      min: money(value?.kind === 'range' ? value.min : undefined),
      max: money(value?.kind === 'range' ? value.max : undefined),
      multiplicity: money(value?.kind === 'range' ? value.multiplicity : undefined),
      showDescriptionInPdf: value?.showDescriptionInPdf ?? false,
    }),
    props.error,
    'denominations',
  );
  const { values, errors, set, setValues, clear } = form;
  const amountLabel = (id: 'catalogue.field.amount' | 'catalogue.field.min' | 'catalogue.field.max' | 'catalogue.field.multiplicity') =>
    intl.formatMessage({ id }, { currency });

  const setRow = (index: number, name: 'value' | 'description' | 'externalId', text: string) => {
    setValues((prev) => ({ ...prev, items: prev.items.map((item, at) => (at === index ? { ...item, [name]: text } : item)) }));
    clear(`items.${index}.${name}`, 'items');
  };
  // Errors of later rows would point at the wrong row once one is removed: the list's errors go with it.
  const removeRow = (index: number) => {
    setValues((prev) => ({ ...prev, items: prev.items.filter((_, at) => at !== index) }));
    clear('items');
  };
  const addRow = () => {
    setValues((prev) => ({ ...prev, items: [...prev.items, row()] }));
    clear('items');
  };

  const submit = async () => {
    const found: StepErrors = {};
    // Unreadable money is the form's own finding; an empty field is left to the schema ("required").
    const minor = (typed: string, path: string) => {
      const parsed = parseMoney(typed);
      if (parsed.ok) return parsed.minor;
      if (parsed.error === 'REQUIRED') return undefined;
      found[path] = parsed.error;
      return Number.NaN;
    };
    const data =
      values.kind === 'fixed'
        ? {
            kind: 'fixed',
            items: values.items.map((item, index) => ({
              value: minor(item.value, `items.${index}.value`),
              description: item.description,
              externalId: item.externalId,
            })),
            showDescriptionInPdf: values.showDescriptionInPdf,
          }
        : {
            kind: 'range',
            min: minor(values.min, 'min'),
            max: minor(values.max, 'max'),
            multiplicity: minor(values.multiplicity, 'multiplicity'),
            showDescriptionInPdf: values.showDescriptionInPdf,
          };
    const checked = await form.check(denominations, data, found);
    if (checked) onSubmit(checked as Denominations);
  };

  const listError = errors.items;
  return (
    <StepFormShell {...shell} onSubmit={() => void submit()} formRef={form.formRef} testId="denominations-form">
      <RadioGroupField
        className={WIDE}
        label={intl.formatMessage({ id: 'catalogue.field.denominationKind' })}
        name="kind"
        orientation="horizontal"
        value={values.kind}
        onValueChange={(kind) => set('kind', kind)}
        options={[
          { value: 'fixed', label: intl.formatMessage({ id: 'catalogue.denominationKind.fixed' }) },
          { value: 'range', label: intl.formatMessage({ id: 'catalogue.denominationKind.range' }) },
        ]}
        error={errorText(errors.kind)}
      />
      {values.kind === 'fixed' ? (
        <div className={`${WIDE} ${css({ display: 'flex', flexDirection: 'column', gap: '3' })}`} data-testid="denomination-rows">
          {values.items.map((item, index) => {
            const title = intl.formatMessage({ id: 'catalogue.denomination.title' }, { number: index + 1 });
            return (
              <ListRow
                key={item.key}
                title={title}
                removeLabel={intl.formatMessage({ id: 'catalogue.action.remove' })}
                onRemove={() => removeRow(index)}
                testId="denomination-row"
              >
                <TextField
                  label={amountLabel('catalogue.field.amount')}
                  name={`items.${index}.value`}
                  value={item.value}
                  onChange={(event) => setRow(index, 'value', event.target.value)}
                  error={errorText(errors[`items.${index}.value`])}
                  {...MONEY_INPUT}
                />
                <TextField
                  label={intl.formatMessage({ id: 'catalogue.field.denominationDescription' })}
                  name={`items.${index}.description`}
                  value={item.description}
                  onChange={(event) => setRow(index, 'description', event.target.value)}
                  error={errorText(errors[`items.${index}.description`])}
                  autoComplete="off"
                />
                <TextField
                  label={intl.formatMessage({ id: 'catalogue.field.externalId' })}
                  name={`items.${index}.externalId`}
                  value={item.externalId}
                  onChange={(event) => setRow(index, 'externalId', event.target.value)}
                  error={errorText(errors[`items.${index}.externalId`])}
                  autoComplete="off"
                />
              </ListRow>
            );
          })}
          {values.items.length === 0 ? <p className={mutedText}>{intl.formatMessage({ id: 'catalogue.denomination.none' })}</p> : null}
          <FieldError id="denominations-list-error" error={errorText(listError)} name="items" />
          <div>
            <Button tone="secondary" onClick={addRow} disabled={values.items.length >= DENOMINATIONS_MAX} data-testid="denomination-add">
              {intl.formatMessage({ id: 'catalogue.denomination.add' })}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <TextField
            label={amountLabel('catalogue.field.min')}
            {...MONEY_INPUT}
            name="min"
            value={values.min}
            onChange={(event) => set('min', event.target.value)}
            error={errorText(errors.min)}
          />
          <TextField
            label={amountLabel('catalogue.field.max')}
            {...MONEY_INPUT}
            name="max"
            value={values.max}
            onChange={(event) => set('max', event.target.value)}
            error={errorText(errors.max)}
          />
          <TextField
            label={amountLabel('catalogue.field.multiplicity')}
            hint={intl.formatMessage({ id: 'catalogue.hint.multiplicity' })}
            {...MONEY_INPUT}
            name="multiplicity"
            value={values.multiplicity}
            onChange={(event) => set('multiplicity', event.target.value)}
            error={errorText(errors.multiplicity)}
          />
        </>
      )}
      <CheckboxField
        className={WIDE}
        label={intl.formatMessage({ id: 'catalogue.field.showDescriptionInPdf' })}
        {...form.flag('showDescriptionInPdf')}
      />
    </StepFormShell>
  );
}
