import { EMPTY_BANK_DATA, type BankData, type SupplierGeneralInfo, type SupplierInfo } from '@contract/company';
import { bankAccountBody } from '@contract/schemas/company';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { TextField } from '@/ui/field';
import { bankFields, fieldLabel, inputHints } from './fields';
import { bikQuery, useSaveBankAccount } from './queries';
import { StepForm, WIDE } from './step-form';
import { stepDraft, useKeepStepDraft } from './wizard-store';

/** A complete RU BIK as typed (spaces people paste are ignored). */
const completeBik = (typed: string): string | null => {
  const digits = typed.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
};

interface BankStepProps {
  info: SupplierInfo;
  onSaved: (general: SupplierGeneralInfo) => void;
  onBack: () => void;
}

/**
 * Step 3 (SPEC §7 bank-account/add): the bank fields of the company's country
 * (BANK_FIELDS). In RU the bank's name comes from the server's BIK directory as
 * soon as the BIK is complete; an unknown BIK is said at once, next to it.
 */
export function BankStep({ info, onSaved, onBack }: BankStepProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const save = useSaveBankAccount();
  const { country, supplierId } = info;
  const draftKey = `${supplierId}:3:${country}`;
  const form = useForm(stepDraft(draftKey, { ...EMPTY_BANK_DATA, ...info.bankAccountDataResponse }));
  const { values, errors, field, setValues, setErrors } = form;
  const stepSaved = useKeepStepDraft(draftKey, values);
  const [bank, setBank] = useState<{ bik: string; correspondentAccount: string } | null>(null);
  // The name the directory last filled in: it may be replaced by the next lookup, unlike a name the person typed.
  const autoFilled = useRef<string | null>(null);
  const shown = bankFields(country);

  const lookUpBik = (typed: string) => {
    const bik = country === 'RU' ? completeBik(typed) : null;
    if (!bik) return;
    queryClient.fetchQuery(bikQuery(bik)).then(
      (found) => {
        setBank({ bik, correspondentAccount: found.correspondentAccount });
        // The directory's name replaces an empty one or one it filled itself, never one the person typed.
        const previous = autoFilled.current;
        const replaceable = (name: string) => name === '' || name === previous;
        setValues((prev) => (completeBik(prev.bik) === bik && replaceable(prev.bankName) ? { ...prev, bankName: found.bankName } : prev));
        autoFilled.current = found.bankName;
      },
      (error: unknown) => {
        setBank(null);
        if (error instanceof HttpError && error.code === 'BIK_NOT_FOUND') setErrors((prev) => ({ ...prev, bik: 'BIK_NOT_FOUND' }));
      },
    );
  };

  const bikField = field('bik');
  const onBikChange = (event: ChangeEvent<HTMLInputElement>) => {
    bikField.onChange(event);
    lookUpBik(event.target.value);
  };

  const onSubmit = () => {
    const data: BankData = { ...EMPTY_BANK_DATA };
    for (const name of shown) data[name] = values[name];
    return form.submit(bankAccountBody, { supplierId, country, ...data }, async (checked) => {
      const saved = await save.mutateAsync(checked);
      stepSaved();
      onSaved(saved);
    });
  };

  return (
    <StepForm
      titleId="companies.step.bank"
      onSubmit={() => void onSubmit()}
      submitting={form.submitting}
      formError={form.formError}
      onBack={onBack}
    >
      {shown.map((name) => (
        <TextField
          key={name}
          className={name === 'bankName' || name === 'bankAddress' ? WIDE : undefined}
          label={intl.formatMessage({ id: fieldLabel(name) })}
          value={values[name]}
          error={errorText(errors[name])}
          autoComplete="off"
          hint={
            name === 'bankName' && bank
              ? intl.formatMessage({ id: 'companies.hint.correspondentAccount' }, { account: bank.correspondentAccount })
              : name === 'bik'
                ? intl.formatMessage({ id: 'companies.hint.bik' })
                : undefined
          }
          {...inputHints(name)}
          {...(name === 'bik' ? { ...bikField, onChange: onBikChange } : field(name))}
        />
      ))}
    </StepForm>
  );
}
