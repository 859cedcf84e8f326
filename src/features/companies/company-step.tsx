import { rolesAllow } from '@contract/access';
import { COUNTRIES, REGION_COUNTRY, type SupplierGeneralInfo, type SupplierInfo } from '@contract/company';
import type { Country } from '@contract/enums';
import { createCompanyBody, updateCompanyBody } from '@contract/schemas/company';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { mainStore } from '@/lib/main-store';
import { supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';
import { TextField } from '@/ui/field';
import { mutedText } from '@/ui/layout';
import { ChoiceField, choiceOf } from '@/ui/select';
import { inputHints, taxIdLabel } from './fields';
import { useSaveCompany } from './queries';
import { StepForm, WIDE } from './step-form';
import { stepDraft, useKeepStepDraft } from './wizard-store';

interface CompanyStepProps {
  /** The company being changed; none while it is being created. */
  info: SupplierInfo | null;
  onSaved: (general: SupplierGeneralInfo) => void;
}

/**
 * Step 1 (SPEC §7 supplier/create, supplier/update): country, name, the tax id
 * under the country's name for it, website, and the company it is a branch of
 * (one of the admin's active main companies: a branch cannot have branches).
 */
export function CompanyStep({ info, onSaved }: CompanyStepProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { region } = useStore(mainStore);
  const { items } = useStore(supplierStore);
  const save = useSaveCompany();
  const supplierId = info?.supplierId ?? null;
  const draftKey = `${supplierId ?? 'new'}:1`;
  const form = useForm(
    stepDraft(draftKey, {
      country: info?.country ?? REGION_COUNTRY[region],
      name: info?.name ?? '',
      tin: info?.tin ?? '',
      webSite: info?.webSite ?? '',
      parentSupplierId: info?.parentSupplier?.parentSupplierId ?? '',
    }),
  );
  const { values, errors, field } = form;
  const stepSaved = useKeepStepDraft(draftKey, values);
  const country = values.country as Country;

  // Active main companies where this person is an admin (decision 078); a company with branches of its own cannot
  // become a branch. A parent the company already has stays listed, as the server keeps it.
  const own = items.find((item) => item.supplierId === supplierId);
  const currentParent = info?.parentSupplier?.parentSupplierId;
  const parents =
    own && own.childrenSupplierList.children.length > 0
      ? []
      : items.filter(
          (item) =>
            item.supplierId !== supplierId &&
            rolesAllow(item.roles, 'manageCompany') &&
            (item.status === 'active' || item.supplierId === currentParent),
        );

  const onSubmit = () => {
    const body = {
      tin: values.tin,
      name: values.name,
      country,
      webSite: values.webSite,
      parentSupplierId: values.parentSupplierId || null,
    };
    return supplierId
      ? form.submit(updateCompanyBody, { ...body, supplierId }, async (checked) => {
          const saved = await save.mutateAsync(checked);
          stepSaved();
          onSaved(saved);
        })
      : form.submit(createCompanyBody, body, async (checked) => {
          const saved = await save.mutateAsync(checked);
          stepSaved();
          onSaved(saved);
        });
  };

  const countryChanges = info !== null && info.country !== country && (info.legalDataDataResponse || info.bankAccountDataResponse);

  return (
    <StepForm titleId="companies.step.company" onSubmit={() => void onSubmit()} submitting={form.submitting} formError={form.formError}>
      <ChoiceField
        label={intl.formatMessage({ id: 'companies.field.country' })}
        value={values.country}
        error={errorText(errors.country)}
        options={COUNTRIES.map((code) => ({ value: code, label: intl.formatDisplayName(code, { type: 'region' }) ?? code }))}
        {...choiceOf(field('country'))}
      />
      <TextField
        label={intl.formatMessage({ id: 'companies.field.name' })}
        hint={intl.formatMessage({ id: 'companies.hint.name' })}
        autoComplete="organization"
        value={values.name}
        error={errorText(errors.name)}
        {...field('name')}
      />
      {countryChanges ? (
        <p className={`${mutedText} ${WIDE}`} role="status" data-testid="country-change-note">
          {intl.formatMessage({ id: 'companies.hint.countryChange' })}
        </p>
      ) : null}
      <TextField
        label={intl.formatMessage({ id: taxIdLabel(country) })}
        value={values.tin}
        error={errorText(errors.tin)}
        autoComplete="off"
        {...inputHints(country === 'ES' ? 'nif' : 'inn')}
        {...field('tin')}
      />
      <TextField
        label={intl.formatMessage({ id: 'companies.field.webSite' })}
        hint={intl.formatMessage({ id: 'companies.hint.webSite' })}
        type="url"
        inputMode="url"
        autoComplete="url"
        value={values.webSite}
        error={errorText(errors.webSite)}
        {...field('webSite')}
      />
      <ChoiceField
        className={WIDE}
        label={intl.formatMessage({ id: 'companies.field.parent' })}
        value={values.parentSupplierId}
        error={errorText(errors.parentSupplierId)}
        disabled={parents.length === 0}
        options={[
          { value: '', label: intl.formatMessage({ id: 'companies.parent.none' }) },
          ...parents.map((item) => ({ value: item.supplierId, label: item.supplierName || item.name })),
        ]}
        {...choiceOf(field('parentSupplierId'))}
      />
    </StepForm>
  );
}
