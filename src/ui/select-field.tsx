import type { SelectHTMLAttributes } from 'react';
import { control, LabelledField, type FieldProps } from './field';

/** A native select with its label and notes, in a file of its own: the sign-in page (whose base chunk carries field.tsx) has none. */
export function SelectField({ label, error, children, className, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <LabelledField
      {...{ label, error, className }}
      name={select.name}
      control={(wiring) => (
        <select className={control} {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  );
}
