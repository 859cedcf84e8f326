import {
  ACCEPTANCES,
  ACCOUNTING_EXPORTS,
  BARCODE_TYPES,
  CODE_TRANSFERS,
  OWN_CODE_DEFAULTS,
  PATTERN_MAX,
  type BarcodeType,
  type TechnicalInformation,
} from '@contract/catalogue';
import { information } from '@contract/schemas/catalogue';
import { css } from '@styled/css';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import type { MessageId } from '@/lib/message-id';
import { ConfirmDialog } from '@/ui/dialog';
import { CheckboxField, TextField } from '@/ui/field';
import { Alert } from '@/ui/layout';
import { RadioGroupField } from '@/ui/radio-group';
import { SelectField } from '@/ui/select-field';
import { useBarcodeName } from './barcode-name';
import { errorAt, StepFormShell, subsection, useStepForm, WIDE, type StepFormProps } from './form-kit';

type Values = TechnicalInformation;

const NEW: Values = {
  codeType: 'own',
  barcodeType: 'qr',
  pinRequired: false,
  codeTransfer: 'api',
  acceptance: 'online',
  exampleNumber: '',
  assignedDenomination: false,
  codeBlocking: false,
  sampleCode: '',
  samplePin: '',
  codePattern: '',
  pinPattern: '',
  accountingExport: 'code',
  delivery: false,
};

/** The server's "confirm the reset first": a save of own codes over provider ones that did not say so. */
const asksConfirmation = (error: unknown) => error instanceof HttpError && error.code === 'CODE_RESET_CONFIRMATION_REQUIRED';

const monospace = css({ '& input': { fontFamily: 'mono' } });

/**
 * What is sent: the fields of provider codes only when the product uses them
 * (own codes are the platform's numbers, with no samples or patterns), and the
 * PIN's only when a PIN is required. What was typed in hidden fields stays in
 * the form, so switching back shows it again.
 */
const toSend = (values: Values): Values => {
  const pin = values.pinRequired ? {} : { samplePin: '', pinPattern: '' };
  if (values.codeType === 'provider') return { ...values, ...pin };
  const { barcodeType, codeTransfer } = values;
  return { ...values, ...OWN_CODE_DEFAULTS, barcodeType, codeTransfer };
};

export interface InformationSubmit {
  /** The company (or staff) agreed that switching from provider to own codes resets the code settings (SPEC §4). */
  confirmCodeReset: boolean;
}

/**
 * Step 3 (SPEC §3 "technical information"): whose codes the certificates carry,
 * how they are shown (barcode) and passed on, whether a PIN is needed, where
 * they are accepted; for provider codes, a sample and the patterns a code and
 * PIN must match (RE2 syntax, checked by the server: PATTERN_INVALID shows at
 * the field). Switching a saved product from provider to own codes resets the
 * code settings: a dialog asks first, then the save says it was confirmed.
 */
export function InformationForm(
  props: Omit<StepFormProps<TechnicalInformation>, 'onSubmit'> & {
    onSubmit: (value: TechnicalInformation, options: InformationSubmit) => void;
  },
) {
  const { value, onSubmit, error, ...shell } = props;
  const intl = useIntl();
  const errorText = useErrorText();
  const barcodeName = useBarcodeName();
  const form = useStepForm<Values>(() => ({ ...NEW, ...value }), error, 'information');
  const { values, errors, set, flag } = form;
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [confirming, setConfirming] = useState<TechnicalInformation | null>(null);
  const [lastSent, setLastSent] = useState<TechnicalInformation | null>(null);
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    // The saved value was older than the server's (another admin chose provider codes meanwhile): ask now.
    if (asksConfirmation(error) && lastSent) setConfirming(lastSent);
  }
  const resets = value?.codeType === 'provider' && values.codeType === 'own';

  const send = (checked: TechnicalInformation, confirmCodeReset: boolean) => {
    setLastSent(checked);
    onSubmit(checked, { confirmCodeReset });
  };
  const submit = async () => {
    const checked = await form.check(information, toSend(values));
    if (!checked) return;
    if (resets) setConfirming(checked);
    else send(checked, false);
  };

  const text = (name: 'exampleNumber' | 'sampleCode' | 'samplePin' | 'codePattern' | 'pinPattern') => ({
    name,
    value: values[name],
    error: errorText(errors[name]),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    autoComplete: 'off',
    spellCheck: false,
  });
  const choice = <K extends 'barcodeType' | 'codeTransfer' | 'acceptance' | 'accountingExport'>(name: K, options: readonly Values[K][]) => (
    <SelectField
      label={t(`catalogue.field.${name}`)}
      name={name}
      value={values[name]}
      error={errorText(errorAt(errors, name))}
      onChange={(event) => set(name, event.target.value as Values[K])}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {name === 'barcodeType' ? barcodeName(option as BarcodeType) : t(`catalogue.${name}.${option}` as MessageId)}
        </option>
      ))}
    </SelectField>
  );
  const provider = values.codeType === 'provider';

  return (
    <>
      <StepFormShell
        {...shell}
        // The dialog answers the server's request for confirmation; the form need not repeat it.
        error={asksConfirmation(error) ? null : error}
        onSubmit={() => void submit()}
        formRef={form.formRef}
        testId="information-form"
      >
        <RadioGroupField
          className={WIDE}
          label={t('catalogue.field.codeType')}
          name="codeType"
          value={values.codeType}
          onValueChange={(codeType) => set('codeType', codeType)}
          options={[
            { value: 'own', label: t('catalogue.codeType.own'), description: t('catalogue.codeType.ownHint') },
            { value: 'provider', label: t('catalogue.codeType.provider'), description: t('catalogue.codeType.providerHint') },
          ]}
          error={errorText(errors.codeType)}
        />
        {resets ? (
          <div className={WIDE} data-testid="code-reset-note">
            <Alert tone="info">{t('catalogue.codeReset.note')}</Alert>
          </div>
        ) : null}
        {choice('barcodeType', BARCODE_TYPES)}
        {choice('codeTransfer', CODE_TRANSFERS)}
        {choice('acceptance', ACCEPTANCES)}
        {choice('accountingExport', ACCOUNTING_EXPORTS)}
        <CheckboxField className={WIDE} label={t('catalogue.field.pinRequired')} {...flag('pinRequired')} />
        <CheckboxField className={WIDE} label={t('catalogue.field.assignedDenomination')} {...flag('assignedDenomination')} />
        <CheckboxField className={WIDE} label={t('catalogue.field.delivery')} {...flag('delivery')} />

        {provider ? (
          <>
            <h3 className={subsection}>{t('catalogue.section.providerCodes')}</h3>
            <TextField label={t('catalogue.field.exampleNumber')} {...text('exampleNumber')} />
            <CheckboxField label={t('catalogue.field.codeBlocking')} {...flag('codeBlocking')} />
            <TextField
              className={monospace}
              label={t('catalogue.field.codePattern')}
              hint={intl.formatMessage({ id: 'catalogue.hint.pattern' }, { example: '[0-9]{16}' })}
              maxLength={PATTERN_MAX}
              {...text('codePattern')}
            />
            <TextField label={t('catalogue.field.sampleCode')} hint={t('catalogue.hint.sample')} {...text('sampleCode')} />
            {values.pinRequired ? (
              <>
                <TextField
                  className={monospace}
                  label={t('catalogue.field.pinPattern')}
                  hint={intl.formatMessage({ id: 'catalogue.hint.pattern' }, { example: '[0-9]{4}' })}
                  maxLength={PATTERN_MAX}
                  {...text('pinPattern')}
                />
                <TextField label={t('catalogue.field.samplePin')} hint={t('catalogue.hint.sample')} {...text('samplePin')} />
              </>
            ) : null}
          </>
        ) : null}
      </StepFormShell>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('catalogue.codeReset.title')}
        description={t('catalogue.codeReset.text')}
        confirmLabel={t('catalogue.codeReset.confirm')}
        cancelLabel={t('catalogue.codeReset.cancel')}
        closeLabel={t('action.close')}
        disabled={shell.pending}
        onConfirm={() => {
          if (confirming) send(confirming, true);
          setConfirming(null);
        }}
      />
    </>
  );
}
