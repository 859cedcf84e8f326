import { Checkbox } from '@ark-ui/react/checkbox';
import { css } from '@styled/css';
import { useId, type ReactNode } from 'react';
import { describedBy, FieldNotes, labelStyle } from './field';
import { optionControl, optionGroupRoot, optionItem, OptionText } from './option-group';

/** The checkbox group's own parts; the rest is the option groups' (./option-group). */
const checkboxGroup = {
  root: css(optionGroupRoot),
  control: css(optionControl, {
    borderRadius: '6px',
    color: 'accentFg',
    _checked: { bg: 'accent', borderColor: 'accent' },
  }),
  indicator: css({ width: '4', height: '4' }),
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
  const described = describedBy(id, { error, hint });
  return (
    <Checkbox.Group
      className={checkboxGroup.root}
      aria-labelledby={`${id}-legend`}
      name={name}
      value={[...value]}
      // The group hands back the values the options gave it.
      onValueChange={(next) => onValueChange(next as V[])}
      invalid={Boolean(error)}
      disabled={disabled}
      data-testid={`checkbox-group-${name}`}
    >
      <span id={`${id}-legend`} className={legendHidden ? css({ srOnly: true }) : labelStyle}>
        {legend}
      </span>
      {options.map((option) => (
        <Checkbox.Root key={option.value} value={option.value} disabled={disabled || option.disabled} className={optionItem}>
          <Checkbox.Control className={checkboxGroup.control}>
            <Checkbox.Indicator className={checkboxGroup.indicator}>
              <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                <path d="M3 8.5l3.2 3L13 4.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Checkbox.Indicator>
          </Checkbox.Control>
          <OptionText label={<Checkbox.Label>{option.label}</Checkbox.Label>} description={option.description} />
          <Checkbox.HiddenInput aria-describedby={described} />
        </Checkbox.Root>
      ))}
      <FieldNotes id={id} hint={hint} error={error} name={name} />
    </Checkbox.Group>
  );
}
