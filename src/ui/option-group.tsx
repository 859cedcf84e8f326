import { css } from '@styled/css';
import type { ReactNode } from 'react';

/**
 * What the checkbox group and the radio group share, Ark UI's anatomy styled once: a column of touch-sized options,
 * each a control (its shape is the group's own) beside its label and the line under it. Their hint and error are the
 * fields' own (FieldNotes, describedBy in ./field).
 */
export const optionGroupRoot = css.raw({ display: 'flex', flexDirection: 'column', gap: '1' });

export const optionItem = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  minHeight: 'touch',
  py: '2.5',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed', opacity: 0.7 },
});

export const optionControl = css.raw({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '6',
  height: '6',
  borderWidth: '2px',
  borderColor: 'muted',
  bg: 'surface',
  _invalid: { borderColor: 'danger' },
  _focusVisible: { outline: '3px solid', outlineColor: 'accentText', outlineOffset: '2px' },
});

const text = css({ display: 'flex', flexDirection: 'column', lineHeight: '1.4' });
const descriptionStyle = css({ color: 'muted', fontSize: 'sm' });

/** An option's label (the group's own Label part) and, under it, what the option means. */
export function OptionText({ label, description }: { label: ReactNode; description?: string }) {
  return (
    <span className={text}>
      {label}
      {description ? <span className={descriptionStyle}>{description}</span> : null}
    </span>
  );
}
