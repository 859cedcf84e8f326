import { css, cx } from '@styled/css';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export const fieldBox = css({ display: 'flex', flexDirection: 'column', gap: '1' });
export const labelStyle = css({ fontWeight: 'medium', fontSize: 'sm' });
export const controlStyle = css.raw({
  minHeight: 'touch',
  px: '3',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
  bg: 'surface',
  fontSize: 'md',
  width: '100%',
  _focusVisible: { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '1px' },
  '&[aria-invalid=true]': { borderColor: 'danger', borderWidth: '2px' },
  // Shown, not typed (the address an invitation is for).
  '&[readonly]': { bg: 'canvas', color: 'muted' },
});
export const control = css(controlStyle);
const errorStyle = css({ color: 'danger', fontSize: 'sm' });
const hintStyle = css({ color: 'muted', fontSize: 'sm' });

/** The error under a control; `id` is what aria-describedby points at. */
export function FieldError({ id, error, name }: { id: string; error?: string | null; name?: string }) {
  if (!error) return null;
  return (
    <span id={id} className={errorStyle} data-field-error={name}>
      {error}
    </span>
  );
}

export interface FieldProps {
  label: ReactNode;
  /** Localised error text shown under the control; marks it invalid. */
  error?: string | null;
  hint?: ReactNode;
}

/** What wires a control to its label, error and hint for screen readers. */
export interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What a control's aria-describedby names: its error and hint (`FieldNotes`), when there are any. */
export const describedBy = (id: string, { error, hint }: Pick<FieldProps, 'error' | 'hint'>): string | undefined =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** The hint and the error under a control, with the ids `describedBy` names. */
export function FieldNotes({ id, hint, error, name }: Omit<FieldProps, 'label'> & { id: string; name?: string }) {
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className={hintStyle}>
          {hint}
        </span>
      ) : null}
      <FieldError id={`${id}-error`} error={error} name={name} />
    </>
  );
}

/** Label, control and error (and hint) wired together for screen readers (aria-invalid, aria-describedby). */
export function LabelledField(props: FieldProps & { name?: string; className?: string; control: (wiring: ControlWiring) => ReactNode }) {
  const { label, error, hint, name, className, control } = props;
  const id = useId();
  return (
    <div className={cx(fieldBox, className)}>
      <label htmlFor={id} className={labelStyle}>
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, props) })}
      <FieldNotes {...{ id, hint, error, name }} />
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <LabelledField
      {...{ label, error, hint, className }}
      name={input.name}
      control={(wiring) => <input className={control} {...wiring} {...input} />}
    />
  );
}

// The whole row is the label, so the tap target is the row (≥ 44 px high), not only the box.
const checkRow = css({ display: 'flex', alignItems: 'center', gap: '3', minHeight: 'touch', py: '1', cursor: 'pointer' });
const checkBox = css({ width: '6', height: '6', accentColor: 'accent', cursor: 'pointer', flexShrink: 0 });

export function CheckboxField({ label, error, className, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <div className={cx(fieldBox, className)}>
      <label htmlFor={id} className={checkRow}>
        <input
          id={id}
          type="checkbox"
          className={checkBox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} error={error} name={input.name} />
    </div>
  );
}
