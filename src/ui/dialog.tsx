import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { Button } from './button';

const backdrop = css({ position: 'fixed', inset: 0, bg: 'rgba(10,10,30,0.55)', zIndex: 50 });
const positioner = css({
  position: 'fixed',
  inset: 0,
  display: 'flex',
  alignItems: { base: 'flex-end', sm: 'center' },
  justifyContent: 'center',
  zIndex: 51,
  p: { base: '0', sm: '4' },
});
const content = css({
  bg: 'surface',
  width: '100%',
  maxWidth: '480px',
  maxHeight: '100dvh',
  overflowY: 'auto',
  borderRadius: { base: '16px 16px 0 0', sm: 'card' },
  p: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  outline: 'none',
});
const header = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3' });
const title = css({ fontWeight: 'bold', fontSize: 'lg' });
const closeButton = css({
  minWidth: 'touch',
  minHeight: 'touch',
  cursor: 'pointer',
  fontSize: 'xl',
  borderRadius: 'control',
  _hover: { bg: 'accentSoft' },
});
const actions = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'flex-end',
  '& > button': { flex: { base: '1 1 auto', sm: '0 0 auto' } },
});

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** `alertdialog` for confirmations: screen readers announce it as one that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /** The element focused on open (by default the first focusable one). */
  initialFocus?: () => HTMLElement | null;
  /** The element focused after closing (by default the one that opened it). */
  finalFocus?: () => HTMLElement | null;
  /** Where and how the panel sits (the side drawer overrides the centred sheet). */
  positionerClassName?: string;
  contentClassName?: string;
}

/** A modal dialog (a bottom sheet on phones): focus kept inside, Escape and the close button close it. */
export function Modal(props: ModalProps) {
  const {
    open,
    onOpenChange,
    title: heading,
    closeLabel,
    children,
    role = 'dialog',
    initialFocus,
    finalFocus,
    positionerClassName = positioner,
    contentClassName = content,
  } = props;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      lazyMount
      unmountOnExit
      initialFocusEl={initialFocus}
      finalFocusEl={finalFocus}
    >
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positionerClassName}>
          <Dialog.Content className={contentClassName}>
            <div className={header}>
              <Dialog.Title className={title}>{heading}</Dialog.Title>
              <Dialog.CloseTrigger aria-label={closeLabel} className={closeButton}>
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

interface ConfirmProps extends Omit<ModalProps, 'children' | 'role' | 'initialFocus'> {
  /** What will happen, read out when the dialog opens. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** The action is running, or cannot run now: the confirm button is disabled. */
  disabled?: boolean;
  /** Shown under the description (a reason the action cannot run, a failure). */
  children?: ReactNode;
}

/** Asks before an action that cannot be undone; the cancel button has the first focus, so Enter never confirms by accident. */
export function ConfirmDialog({ description, confirmLabel, cancelLabel, onConfirm, disabled, children, ...modal }: ConfirmProps) {
  return (
    <Modal {...modal} role="alertdialog" initialFocus={() => document.querySelector<HTMLElement>('[data-dialog-cancel]')}>
      <Dialog.Description>{description}</Dialog.Description>
      {children}
      <div className={actions}>
        <Button tone="secondary" data-dialog-cancel onClick={() => modal.onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={disabled} data-testid="confirm-action">
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
