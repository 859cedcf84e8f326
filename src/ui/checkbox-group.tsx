import { Checkbox } from '@ark-ui/react/checkbox';
import { css } from '@styled/css';
import { useId, type ReactNode } from 'react';

/** The checkbox group's parts (Ark UI's anatomy), styled once. */
const checkboxGroup = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  legend: css({ fontWeight: 'medium', fontSize: 'sm' }),
  item: css({
    display: 'flex',
    alignItems: 'flex-start',
    gap: '3',
    minHeight: 'touch',
    py: '2.5',
    cursor: 'pointer',
    _disabled: { cursor: 'not-allowed', opacity: 0.7 },
  }),
  control: css({
    display: 'grid',
    placeItems: 'center',
    flexShrink: 0,
    width: '6',
    height: '6',
    borderWidth: '2px',
    borderColor: 'muted',
    borderRadius: '6px',
    bg: 'surface',
    color: 'accentFg',
    _checked: { bg: 'accent', borderColor: 'accent' },
    _invalid: { borderColor: 'danger' },
    _focusVisible: { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '2px' },
  }),
  indicator: css({ width: '4', height: '4' }),
  text: css({ display: 'flex', flexDirection: 'column', lineHeight: '1.4' }),
  description: css({ color: 'muted', fontSize: 'sm' }),
  hint: css({ color: 'muted', fontSize: 'sm' }),
  error: css({ color: 'danger', fontSize: 'sm' }),
};

export interface CheckboxOption<V extends string> {
  value: V;
  label: string;
  /** A line under the label (what the option means). */
  description?: string;
  /** This one cannot be changed now (the hint says why). */
  disabled?: boolean;
}

interface CheckboxGroupProps<V extends string> {
  /** Names the group for screen readers, shown above it unless `legendHidden` (a heading already says it). */
  legend: string;
  legendHidden?: boolean;
  name: string;
  options: readonly CheckboxOption<V>[];
  value: readonly V[];
  onValueChange: (value: V[]) => void;
  /** Localised error text under the group; marks it invalid. */
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
}

/** Several choices of one list (roles), each a touch-sized checkbox; the error and hint are read with every box. */
export function CheckboxGroup<V extends string>(props: CheckboxGroupProps<V>) {
  const { legend, legendHidden, name, options, value, onValueChange, error, hint, disabled } = props;
  const id = useId();
  const classes = checkboxGroup;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Checkbox.Group
      className={classes.root}
      aria-labelledby={`${id}-legend`}
      name={name}
      value={[...value]}
      // The group hands back the values the options gave it.
      onValueChange={(next) => onValueChange(next as V[])}
      invalid={Boolean(error)}
      disabled={disabled}
      data-testid={`checkbox-group-${name}`}
    >
      <span id={`${id}-legend`} className={legendHidden ? css({ srOnly: true }) : classes.legend}>
        {legend}
      </span>
      {options.map((option) => (
        <Checkbox.Root key={option.value} value={option.value} disabled={disabled || option.disabled} className={classes.item}>
          <Checkbox.Control className={classes.control}>
            <Checkbox.Indicator className={classes.indicator}>
              <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                <path d="M3 8.5l3.2 3L13 4.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Checkbox.Indicator>
          </Checkbox.Control>
          <span className={classes.text}>
            <Checkbox.Label>{option.label}</Checkbox.Label>
            {option.description ? <span className={classes.description}>{option.description}</span> : null}
          </span>
          <Checkbox.HiddenInput aria-describedby={described} />
        </Checkbox.Root>
      ))}
      {hint ? (
        <span id={`${id}-hint`} className={classes.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={classes.error} data-field-error={name}>
          {error}
        </span>
      ) : null}
    </Checkbox.Group>
  );
}
