import { css } from '@styled/css';

/** A list that pops up under its trigger (the header's company menu, a select): SPEC §9's 14rem, then it scrolls. */
export const popupList = css.raw({
  bg: 'surface',
  borderRadius: 'control',
  boxShadow: '0 8px 24px rgba(20,20,50,0.18)',
  py: '1',
  maxHeight: '14rem',
  overflowY: 'auto',
  zIndex: 50,
  outline: 'none',
});

/** One entry of it: touch-sized, highlighted under the pointer or the arrow keys, the chosen one in bold. */
export const popupItem = css.raw({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minHeight: 'touch',
  px: '3',
  cursor: 'pointer',
  '&[data-highlighted]': { bg: 'accentSoft' },
  '&[data-state=checked]': { fontWeight: 'semibold' },
});

/** The tick beside the chosen entry. */
export const popupTick = css.raw({ width: '5', color: 'accentText', flexShrink: 0 });
