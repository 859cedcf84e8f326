import { RadioGroup } from '@ark-ui/react/radio-group';
import { css, cx } from '@styled/css';
import { useId, type ReactNode } from 'react';
import { describedBy, FieldNotes, labelStyle } from './field';
import { optionControl, optionGroupRoot, optionItem, OptionText } from './option-group';

/** The radio group's own parts; the rest is the option groups' (./option-group). */
const radioGroup = {
  root: css(optionGroupRoot, { border: 'none', p: 0, m: 0, minWidth: 0 }),
  items: css({
    display: 'flex',
    flexDirection: 'column',
    columnGap: '6',
    '&[data-orientation=horizontal]': { flexDirection: { base: 'column', sm: 'row' }, flexWrap: 'wrap' },
  }),
  control: css(optionControl, {
    borderRadius: 'full',
    _checked: { borderColor: 'accent', _after: { content: '""', width: '3', height: '3', borderRadius: 'full', bg: 'accent' } },
  }),
};

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  /** A line under the label (what the choice means). */
  description?: string;
}

interface RadioGroupFieldProps<V extends string> {
  label: string;
  name: string;
  options: readonly RadioOption<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Localised error text under the group; marks it invalid. */
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  /** Side by side on wider screens (short labels); one under another by default. */
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

/** One choice of a few (a kind of thing), each a touch-sized radio; the error and hint are read with every choice. */
export function RadioGroupField<V extends string>(props: RadioGroupFieldProps<V>) {
  const { label, name, options, value, onValueChange, error, hint, disabled, orientation = 'vertical', className } = props;
  const id = useId();
  const described = describedBy(id, { error, hint });
  return (
    <RadioGroup.Root
      className={cx(radioGroup.root, className)}
      name={name}
      value={value}
      // The group hands back the values the options gave it; it never clears a choice by itself.
      onValueChange={(details) => {
        if (details.value !== null) onValueChange(details.value as V);
      }}
      invalid={Boolean(error)}
      disabled={disabled}
      orientation={orientation}
      data-testid={`radio-group-${name}`}
    >
      <RadioGroup.Label className={labelStyle}>{label}</RadioGroup.Label>
      <div className={radioGroup.items} data-orientation={orientation}>
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value} className={optionItem}>
            <RadioGroup.ItemControl className={radioGroup.control} />
            <OptionText label={<RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>} description={option.description} />
            <RadioGroup.ItemHiddenInput aria-describedby={described} aria-invalid={error ? true : undefined} />
          </RadioGroup.Item>
        ))}
      </div>
      <FieldNotes id={id} hint={hint} error={error} name={name} />
    </RadioGroup.Root>
  );
}
