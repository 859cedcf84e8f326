import type { MessageId } from './message-id';
import { createStore } from './store';

/** SPEC §4: a toast closes after its own life in ms when it has one, otherwise when the user closes it. */
export interface Toast {
  id: number;
  tone: 'error' | 'success' | 'info';
  /** A message id and its values; the toaster formats it in the current locale. */
  messageId: MessageId;
  values?: Record<string, string | number>;
  lifeMs?: number;
}

export const toasts = createStore<Toast[]>([]);
let nextId = 1;

export const dismissToast = (id: number): void => toasts.set((list) => list.filter((toast) => toast.id !== id));

export const showToast = (toast: Omit<Toast, 'id'>): number => {
  const id = nextId++;
  // The same message twice in a row (e.g. several calls failing together) is shown once.
  toasts.set((list) => [...list.filter((item) => item.messageId !== toast.messageId), { ...toast, id }].slice(-4));
  if (toast.lifeMs !== undefined) setTimeout(() => dismissToast(id), toast.lifeMs);
  return id;
};
