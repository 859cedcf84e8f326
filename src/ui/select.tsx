import { Portal } from '@ark-ui/react/portal';
import { createListCollection, Select } from '@ark-ui/react/select';
import { css, cx } from '@styled/css';
import { useId, useMemo, useSyncExternalStore, type ChangeEvent } from 'react';
import { controlStyle, describedBy, fieldBox, FieldNotes, labelStyle, type FieldProps } from './field';
import { popupItem, popupList, popupTick } from './popup-list';
import { SelectField } from './select-field';

/** The select's parts (Ark UI's anatomy), styled once: the trigger looks like the other fields, the list scrolls at 14rem. */
const select = {
  trigger: css(controlStyle, {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    textAlign: 'start',
    cursor: 'pointer',
    '& [data-part=value-text]': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  }),
  indicator: css({ color: 'muted', flexShrink: 0 }),
  content: css(popupList, { minWidth: 'var(--reference-width)' }),
  item: css(popupItem),
  itemIndicator: css(popupTick),
};

/** SPEC §9: typed letters find an option, and the typing starts anew after 500 ms (Ark's own pause is 350). */
const TYPEAHEAD_RESET_MS = 500;

const COARSE = '(pointer: coarse)';
const subscribePointer = (change: () => void) => {
  const query = matchMedia(COARSE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
const coarsePointer = () => matchMedia(COARSE).matches;

export interface ChoiceOption {
  value: string;
  label: string;
}

interface ChoiceFieldProps extends FieldProps {
  name?: string;
  value: string;
  options: readonly ChoiceOption[];
  onValueChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
  /** Names the control for tests: the native select, or the hidden one that carries the value beside Ark's list. */
  testId?: string;
}

/** A form field's wiring (`useForm().field(name)`, src/lib/form.ts) for a ChoiceField, which hands on a value, not an event. */
export const choiceOf = ({ name, onChange }: { name: string; onChange: (event: ChangeEvent<HTMLSelectElement>) => void }) => ({
  name,
  // The form reads the target's value only.
  onValueChange: (value: string) => onChange({ target: { value } } as unknown as ChangeEvent<HTMLSelectElement>),
});

/**
 * A choice from a list that can be long (companies, products, countries). With a mouse it is Ark UI's select: its
 * list scrolls at 14rem and typed letters find an option; on a touch screen it stays the native select, whose
 * phone picker serves better.
 */
export function ChoiceField(props: ChoiceFieldProps) {
  const touch = useSyncExternalStore(subscribePointer, coarsePointer);
  if (touch) {
    const { options, onValueChange, testId, ...field } = props;
    return (
      <SelectField {...field} onChange={(event) => onValueChange(event.target.value)} data-testid={testId}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
    );
  }
  return <ListChoice {...props} />;
}

function ListChoice({ label, error, hint, name, value, options, onValueChange, disabled, className, testId }: ChoiceFieldProps) {
  const id = useId();
  const classes = select;
  const collection = useMemo(() => {
    const list = createListCollection({ items: [...options] });
    const search = list.search;
    list.search = (query, options) => search(query, { ...options, timeout: TYPEAHEAD_RESET_MS });
    return list;
  }, [options]);
  return (
    <Select.Root
      className={cx(fieldBox, className)}
      collection={collection}
      value={[value]}
      onValueChange={(details) => onValueChange(details.value[0] ?? '')}
      name={name}
      disabled={disabled}
      invalid={Boolean(error)}
      positioning={{ placement: 'bottom-start', sameWidth: false }}
    >
      <Select.Label className={labelStyle}>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger
          className={classes.trigger}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error, hint })}
        >
          <Select.ValueText />
          <Select.Indicator className={classes.indicator} aria-hidden="true">
            ▾
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <FieldNotes {...{ id, hint, error, name }} />
      <Portal>
        <Select.Positioner>
          <Select.Content className={classes.content}>
            {options.map((option) => (
              <Select.Item key={option.value} item={option} className={classes.item}>
                <Select.ItemIndicator className={classes.itemIndicator} aria-hidden="true">
                  ✓
                </Select.ItemIndicator>
                <Select.ItemText>{option.label}</Select.ItemText>
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
      <Select.HiddenSelect data-testid={testId} />
    </Select.Root>
  );
}
