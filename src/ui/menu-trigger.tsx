import { css } from '@styled/css';
import type { ReactNode } from 'react';

/** The menu's trigger, shared by the plain button shown until the menu is first opened and Ark's own (./menu.tsx). */
export const triggerStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minHeight: 'touch',
  maxWidth: { base: '36', md: '80' },
  px: '3',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'line',
  bg: 'surface',
  cursor: 'pointer',
  fontWeight: 'medium',
  '& > span': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** The name keeps the visible text (WCAG "label in name"): "Company: Demo Gifts LLC". */
export function TriggerText({ label, text }: { label: string; text: ReactNode }) {
  return (
    <>
      <span className={css({ srOnly: true })}>{`${label}: `}</span>
      <span>{text}</span>
      <span aria-hidden="true">▾</span>
    </>
  );
}
