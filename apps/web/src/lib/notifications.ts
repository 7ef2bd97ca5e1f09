import { NOTIFY_MS } from '@vitrina/shared';

export type NotificationKind = 'info' | 'success' | 'error';

export interface Notification {
  id: number;
  message: string;
  kind: NotificationKind;
}

type Listener = () => void;

let notifications: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly Notification[]) {
  notifications = next;
  for (const listener of listeners) listener();
}

export function dismiss(id: number): void {
  emit(notifications.filter((item) => item.id !== id));
}

/** Shows a toast (rendered by <Toaster/>) and hides it after `durationMs`. Returns its id. */
export function notify(
  message: string,
  options: { kind?: NotificationKind; durationMs?: number } = {},
): number {
  const id = nextId++;
  emit([...notifications, { id, message, kind: options.kind ?? 'info' }]);
  setTimeout(() => dismiss(id), options.durationMs ?? NOTIFY_MS);
  return id;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotifications(): readonly Notification[] {
  return notifications;
}
