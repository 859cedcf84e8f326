import { RadioGroup } from '@ark-ui/react/radio-group';
import { css, cx } from '@styled/css';
import { useId, type ReactNode } from 'react';

/** The radio group's parts (Ark UI's anatomy), styled once, like the checkbox group. */
const radioGroup = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1', border: 'none', p: 0, m: 0, minWidth: 0 }),
  label: css({ fontWeight: 'medium', fontSize: 'sm' }),
  items: css({
    display: 'flex',
    flexDirection: 'column',
    columnGap: '6',
    '&[data-orientation=horizontal]': { flexDirection: { base: 'column', sm: 'row' }, flexWrap: 'wrap' },
  }),
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
    borderRadius: 'full',
    bg: 'surface',
    _checked: { borderColor: 'accent', _after: { content: '""', width: '3', height: '3', borderRadius: 'full', bg: 'accent' } },
    _invalid: { borderColor: 'danger' },
    _focusVisible: { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '2px' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', lineHeight: '1.4' }),
  description: css({ color: 'muted', fontSize: 'sm' }),
  hint: css({ color: 'muted', fontSize: 'sm' }),
  error: css({ color: 'danger', fontSize: 'sm' }),
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
  const classes = radioGroup;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <RadioGroup.Root
      className={cx(classes.root, className)}
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
      <RadioGroup.Label className={classes.label}>{label}</RadioGroup.Label>
      <div className={classes.items} data-orientation={orientation}>
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value} className={classes.item}>
            <RadioGroup.ItemControl className={classes.control} />
            <span className={classes.text}>
              <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
              {option.description ? <span className={classes.description}>{option.description}</span> : null}
            </span>
            <RadioGroup.ItemHiddenInput aria-describedby={described} aria-invalid={error ? true : undefined} />
          </RadioGroup.Item>
        ))}
      </div>
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
    </RadioGroup.Root>
  );
}
