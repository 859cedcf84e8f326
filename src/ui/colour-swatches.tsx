import { css } from '@styled/css';

const swatches = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const swatch = css({
  width: 'touch',
  height: 'touch',
  borderRadius: 'full',
  borderWidth: '3px',
  borderColor: 'surface',
  boxShadow: '0 0 0 1px token(colors.line)',
  cursor: 'pointer',
  '&[aria-pressed=true]': { boxShadow: '0 0 0 3px token(colors.ink)' },
  _focusVisible: { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '2px' },
});

/** Preset colours as round buttons; the one equal to `value` (in any case) is pressed. */
export function ColourSwatches(props: {
  colours: readonly string[];
  value: string;
  onPick: (colour: string) => void;
  /** A button's accessible name. */
  label: (colour: string) => string;
  testId?: string;
}) {
  const { colours, value, onPick, label, testId } = props;
  return (
    <div className={swatches}>
      {colours.map((colour) => (
        <button
          key={colour}
          type="button"
          className={swatch}
          // The colour is the content: a value, not a style to extract.
          style={{ backgroundColor: colour }}
          aria-pressed={value.toLowerCase() === colour.toLowerCase()}
          aria-label={label(colour)}
          onClick={() => onPick(colour)}
          data-testid={testId}
          data-colour={colour}
        />
      ))}
    </div>
  );
}
