import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from '@styled/css';
import { Button } from './button';
import type { ConfirmProps, ModalProps } from './dialog';
import { Tooltip } from './tooltip';

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

/** Ark UI's dialog behind `Modal` and `ConfirmDialog` (./dialog.tsx), fetched when one first opens. */
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
              <Tooltip content={closeLabel}>
                <Dialog.CloseTrigger aria-label={closeLabel} className={closeButton}>
                  ✕
                </Dialog.CloseTrigger>
              </Tooltip>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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
