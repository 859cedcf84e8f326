import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';

const backdrop = css({ position: 'fixed', inset: 0, bg: 'rgba(10,10,30,0.45)', zIndex: 40 });
const positioner = css({ position: 'fixed', inset: 0, display: 'flex', zIndex: 41 });
const content = css({ bg: 'surface', width: 'min(85vw, 320px)', height: '100%', overflowY: 'auto', p: '4', display: 'flex', flexDirection: 'column', gap: '2', outline: 'none' });

/** The side panel on phones: a modal dialog from the left, focus kept inside, Escape closes it. */
export function Drawer(props: { open: boolean; onOpenChange: (open: boolean) => void; title: string; closeLabel: string; children: ReactNode }) {
  const { open, onOpenChange, title, closeLabel, children } = props;
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content}>
            <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' })}>
              <Dialog.Title className={css({ fontWeight: 'bold', fontSize: 'lg' })}>{title}</Dialog.Title>
              <Dialog.CloseTrigger aria-label={closeLabel} className={css({ minWidth: 'touch', minHeight: 'touch', cursor: 'pointer', fontSize: 'xl' })}>
                ✕
              </Dialog.CloseTrigger>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
