import { NOTIFY_MS } from '@vitrina/shared';
import { useEffect } from 'react';

/*
 * The app's messages (SPEC §8) without sweetalert2, whose runtime <style> tag our CSP (style-src 'self')
 * blocks: `notify()` shows a toast that hides itself, `alert()` and `confirm()` open a native modal
 * <dialog>. <Toaster/> renders both; this module keeps the state and times the toasts.
 */

export type NotifyIcon = 'success' | 'error' | 'info' | 'warning';

export interface NotifyOptions {
  title: string;
  text?: string;
  icon?: NotifyIcon;
  /** Hides the toast after this many ms (NOTIFY_MS by default). */
  timer?: number;
}

export interface Toast {
  id: number;
  title: string;
  text?: string;
  icon: NotifyIcon;
  /** How long it shows, counted from when it appears (useToastTimer), not from `notify()`. */
  timer: number;
}

export interface AlertOptions {
  title: string;
  text?: string;
  icon?: NotifyIcon;
  confirmText?: string;
  /** Closes the alert by itself after this many ms (paused while the pointer is on its box, not its backdrop). */
  timer?: number;
}

export interface ConfirmOptions {
  title: string;
  text?: string;
  icon?: NotifyIcon;
  confirmText?: string;
  cancelText?: string;
}

export interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
  title: string;
  text?: string;
  icon: NotifyIcon;
  confirmText: string;
  cancelText: string;
  timer?: number;
  /** Closes the dialog: true for the confirm button, false for cancel, Escape or the timer. */
  close: (confirmed: boolean) => void;
}

export interface NotificationState {
  toasts: readonly Toast[];
  /** Dialogs waiting their turn; the first one is on screen. */
  dialogs: readonly DialogRequest[];
}

type Listener = () => void;

let state: NotificationState = { toasts: [], dialogs: [] };
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: NotificationState) {
  state = next;
  for (const listener of listeners) listener();
}

export function dismiss(id: number): void {
  if (!state.toasts.some((toast) => toast.id === id)) return;
  emit({ ...state, toasts: state.toasts.filter((toast) => toast.id !== id) });
}

/**
 * Shows a toast ('success' and 'info' politely, 'error' and 'warning' as an alert), which hides itself
 * `timer` ms after it appears. Returns its id.
 */
export function notify({ title, text, icon = 'info', timer = NOTIFY_MS }: NotifyOptions): number {
  const id = nextId++;
  emit({ ...state, toasts: [...state.toasts, { id, title, text, icon, timer }] });
  return id;
}

/**
 * Hides the toast its component shows once its timer has run since it appeared. The first toast's code
 * downloads when it is raised, which on a slow phone can take longer than the timer itself: counted from
 * `notify()`, the message would be gone before it was ever seen.
 */
export function useToastTimer({ id, timer }: Toast): void {
  useEffect(() => {
    const hide = setTimeout(() => dismiss(id), timer);
    return () => clearTimeout(hide);
  }, [id, timer]);
}

function openDialog(request: Omit<DialogRequest, 'id' | 'close'>): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    let settled = false;
    const close = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      emit({ ...state, dialogs: state.dialogs.filter((dialog) => dialog.id !== id) });
      resolve(confirmed);
    };
    emit({ ...state, dialogs: [...state.dialogs, { ...request, id, close }] });
  });
}

/** A modal message with one button ('Aceptar'); resolves when it closes. */
export async function alert({
  title,
  text,
  icon = 'error',
  confirmText = 'Aceptar',
  timer,
}: AlertOptions): Promise<void> {
  await openDialog({ kind: 'alert', title, text, icon, confirmText, cancelText: '', timer });
}

/**
 * A modal question; resolves true for the confirm button, false for cancel or Escape. 'Cancelar' unless
 * the caller names SPEC's own words (ban and restore say 'Cancel').
 */
export function confirm({
  title,
  text,
  icon = 'warning',
  confirmText = 'Sí',
  cancelText = 'Cancelar',
}: ConfirmOptions): Promise<boolean> {
  return openDialog({ kind: 'confirm', title, text, icon, confirmText, cancelText });
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotificationState(): NotificationState {
  return state;
}
