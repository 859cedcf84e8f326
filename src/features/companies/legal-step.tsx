import {
  EMPTY_LEGAL_DATA,
  LEGAL_TYPES,
  TAX_ID_FIELD,
  type LegalData,
  type LegalType,
  type SupplierGeneralInfo,
  type SupplierInfo,
} from '@contract/company';
import { legalDataBody } from '@contract/schemas/company';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { CheckboxField, TextField } from '@/ui/field';
import { SelectField } from '@/ui/select-field';
import { fieldLabel, inputHints, legalFields } from './fields';
import { useSaveLegalData } from './queries';
import { StepForm, WIDE } from './step-form';
import { stepDraft, useKeepStepDraft } from './wizard-store';

const AUTOCOMPLETE: Partial<Record<keyof LegalData, string>> = { phone: 'tel', legalAddress: 'street-address' };

interface LegalStepProps {
  info: SupplierInfo;
  onSaved: (general: SupplierGeneralInfo) => void;
  onBack: () => void;
}

/**
 * Step 2 (SPEC §7 legal-data/add): the legal type of the company's country,
 * then the fields that type needs, labelled with their national names. The tax
 * id is the one given at step 1 (the server requires them to be equal). The
 * postal address is asked for only when it differs from the legal one.
 */
export function LegalStep({ info, onSaved, onBack }: LegalStepProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const save = useSaveLegalData();
  const { country, supplierId } = info;
  const taxField = TAX_ID_FIELD[country];
  const draftKey = `${supplierId}:2:${country}`;
  const saved = info.legalDataDataResponse;
  const fromServer = { ...EMPTY_LEGAL_DATA, ...saved, legalType: (info.legalType ?? '') as string };
  fromServer[taxField] = info.tin;
  const form = useForm(stepDraft(draftKey, fromServer));
  const { values, errors, field } = form;
  const stepSaved = useKeepStepDraft(draftKey, values);
  const legalType = (LEGAL_TYPES[country] as readonly string[]).includes(values.legalType) ? (values.legalType as LegalType) : null;
  const shown = legalFields(country, legalType);

  const onSubmit = () => {
    const data: LegalData = { ...EMPTY_LEGAL_DATA, hasCorrespondenceAddress: values.hasCorrespondenceAddress };
    for (const name of shown) data[name] = values[name];
    if (values.hasCorrespondenceAddress) data.correspondenceAddress = values.correspondenceAddress;
    return form.submit(legalDataBody, { supplierId, country, legalType: values.legalType, data }, async (checked) => {
      const saved = await save.mutateAsync(checked);
      stepSaved();
      onSaved(saved);
    });
  };

  // Issues of the shared schema and the server's fields both name `data.<field>`.
  const error = (name: string) => errorText(errors[`data.${name}`] ?? errors[name]);

  return (
    <StepForm
      titleId="companies.step.legal"
      onSubmit={() => void onSubmit()}
      submitting={form.submitting}
      formError={form.formError}
      onBack={onBack}
    >
      <SelectField
        className={WIDE}
        label={intl.formatMessage({ id: 'companies.field.legalType' })}
        value={values.legalType}
        error={errorText(errors.legalType)}
        {...field('legalType')}
      >
        <option value="">{intl.formatMessage({ id: 'companies.legalType.choose' })}</option>
        {LEGAL_TYPES[country].map((code) => (
          <option key={code} value={code}>
            {intl.formatMessage({ id: `companies.legalType.${code}` })}
          </option>
        ))}
      </SelectField>
      {shown.map((name) => (
        <TextField
          key={name}
          className={name === 'legalNameFull' || name === 'legalAddress' ? WIDE : undefined}
          label={intl.formatMessage({ id: fieldLabel(name, legalType) })}
          value={values[name]}
          error={error(name)}
          readOnly={name === taxField}
          hint={name === taxField ? intl.formatMessage({ id: 'companies.hint.taxIdFromStep1' }) : undefined}
          autoComplete={AUTOCOMPLETE[name] ?? 'off'}
          type={name === 'phone' ? 'tel' : 'text'}
          {...inputHints(name)}
          {...field(name)}
        />
      ))}
      <CheckboxField
        className={WIDE}
        label={intl.formatMessage({ id: 'companies.field.hasCorrespondenceAddress' })}
        checked={values.hasCorrespondenceAddress}
        {...field('hasCorrespondenceAddress')}
      />
      {values.hasCorrespondenceAddress ? (
        <TextField
          className={WIDE}
          label={intl.formatMessage({ id: 'companies.field.correspondenceAddress' })}
          value={values.correspondenceAddress}
          error={error('correspondenceAddress')}
          {...field('correspondenceAddress')}
        />
      ) : null}
    </StepForm>
  );
}
