import type { ReactNode } from 'react';
import { loadedOnOpen } from './loaded-on-open';

export interface ModalProps {
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

export interface ConfirmProps extends Omit<ModalProps, 'children' | 'role' | 'initialFocus'> {
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

const loadParts = () => import('./dialog-parts');

/** Fetches the dialogs' code ahead of a likely opening (a redeemable certificate on the till), so the first one opens at once. */
export const preloadDialogs = (): void => void loadParts();

/** A modal dialog (a bottom sheet on phones): focus kept inside, Escape and the close button close it. */
export const Modal = loadedOnOpen<ModalProps>(() => loadParts().then((parts) => parts.Modal));

/** Asks before an action that cannot be undone; the cancel button has the first focus, so Enter never confirms by accident. */
export const ConfirmDialog = loadedOnOpen<ConfirmProps>(() => loadParts().then((parts) => parts.ConfirmDialog));
