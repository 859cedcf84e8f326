import { isDay } from '@contract/schemas/fields';
import { useMemo, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { dateLayout, isoFromText, maskDate, textFromIso } from './date-text';
import { TextField, type FieldProps } from './field';

interface DateFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** YYYY-MM-DD, or what was typed while it names no day yet (the form's check then says why). */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A calendar day typed and shown in the cabinet language's format (SPEC §3: DD.MM.YYYY in Russian), not the
 * browser's, as a native date input would. Digits alone will do: the separators come by themselves, and phones get
 * the digit keypad. A complete real day is handed on as YYYY-MM-DD; anything else as typed, so nothing is lost and
 * the form's check names the fault.
 */
export function DateField({ value, onChange, ...field }: DateFieldProps) {
  const { locale } = useIntl();
  const layout = useMemo(() => dateLayout(locale), [locale]);
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      // An example day in the format expected: 31.12.2026, 12/31/2026.
      placeholder={textFromIso(`${new Date().getFullYear()}-12-31`, layout)}
      {...field}
      value={isDay(value) ? textFromIso(value, layout) : value}
      onChange={(event) => {
        const typed = maskDate(event.target.value, layout);
        onChange(isoFromText(typed, layout) ?? typed);
      }}
    />
  );
}
