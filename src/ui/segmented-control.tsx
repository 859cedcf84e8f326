import { SegmentGroup } from '@ark-ui/react/segment-group';
import { css } from '@styled/css';

/** The segmented control's parts (Ark UI's SegmentGroup: radios under the hood), styled once. */
const segmented = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 }),
  label: css({ fontWeight: 'medium', fontSize: 'sm' }),
  items: css({
    display: 'inline-flex',
    flexWrap: 'wrap',
    gap: '1',
    p: '1',
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'line',
    borderRadius: 'control',
    width: 'fit-content',
    maxWidth: '100%',
  }),
  item: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    // Touch-sized on phones; a mouse needs less.
    minHeight: { base: 'touch', md: '36px' },
    minWidth: 'touch',
    px: '3',
    borderRadius: '8px',
    fontWeight: 'medium',
    cursor: 'pointer',
    _hover: { bg: 'accentSoft' },
    _checked: { bg: 'accent', color: 'accentFg', _hover: { bg: 'accent' } },
    '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '1px' },
  }),
};

export interface SegmentOption<V extends string> {
  value: V;
  label: string;
}

/** One of a few short choices side by side (a period); `value` null when none of them holds (a custom range). */
export function SegmentedControl<V extends string>(props: {
  label: string;
  options: readonly SegmentOption<V>[];
  value: V | null;
  onValueChange: (value: V) => void;
  testId?: string;
}) {
  const { label, options, value, onValueChange, testId } = props;
  return (
    <SegmentGroup.Root
      className={segmented.root}
      value={value}
      onValueChange={(details) => {
        if (details.value !== null) onValueChange(details.value as V);
      }}
      data-testid={testId}
    >
      <SegmentGroup.Label className={segmented.label}>{label}</SegmentGroup.Label>
      <div className={segmented.items}>
        {options.map((option) => (
          <SegmentGroup.Item key={option.value} value={option.value} className={segmented.item} data-value={option.value}>
            <SegmentGroup.ItemText>{option.label}</SegmentGroup.ItemText>
            <SegmentGroup.ItemControl />
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </div>
    </SegmentGroup.Root>
  );
}
