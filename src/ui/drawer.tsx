import { css } from '@styled/css';
import type { ReactNode } from 'react';
import { Modal } from './dialog';

// Above the dialog backdrop (z-index 50).
const positioner = css({ position: 'fixed', inset: 0, display: 'flex', zIndex: 51 });
const content = css({
  bg: 'surface',
  width: 'min(85vw, 320px)',
  height: '100%',
  overflowY: 'auto',
  p: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  outline: 'none',
});

/** The side panel on phones: a modal dialog from the left, focus kept inside, Escape closes it. */
export function Drawer(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return <Modal {...props} positionerClassName={positioner} contentClassName={content} />;
}
