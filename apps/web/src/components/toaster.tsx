import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyComponent } from '../lib/load-chunk';
import {
  type DialogRequest,
  getNotificationState,
  subscribe,
  type Toast,
  useToastTimer,
} from '../lib/notifications';
import styles from './toaster.module.css';

/**
 * Toasts and dialogs only appear after something the shopper did: their code downloads with the first.
 * The message matters most when the network fails, so if that download fails it still shows, plainly.
 */
const ToastView = lazyComponent(() => import('./toast-view').then((m) => m.ToastView), PlainToast);
const NotificationDialog = lazyComponent(
  () => import('./notification-dialog').then((m) => m.NotificationDialog),
  NativeDialog,
);

function PlainToast({ toast }: { toast: Toast }) {
  useToastTimer(toast);
  return <p className={styles.toast}>{toast.text ? `${toast.title}. ${toast.text}` : toast.title}</p>;
}

/** The browser's own alert or confirm: the question is still asked and answered. */
function NativeDialog({ request }: { request: DialogRequest }) {
  useEffect(() => {
    const message = request.text ? `${request.title}\n\n${request.text}` : request.title;
    if (request.kind === 'confirm') request.close(window.confirm(message));
    else {
      window.alert(message);
      request.close(true);
    }
  }, [request]);
  return null;
}

const isUrgent = (toast: Toast) => toast.icon === 'error' || toast.icon === 'warning';

/**
 * Renders what `notify()`, `alert()` and `confirm()` raised. The two live regions are always present so
 * screen readers announce what is added: success/info politely (status), error/warning at once (alert).
 */
export function Toaster() {
  const { toasts, dialogs } = useSyncExternalStore(subscribe, getNotificationState, getNotificationState);
  const current = dialogs[0];
  // The boundaries sit inside the regions: the regions themselves never leave the page.
  return (
    <>
      <div className={styles.region}>
        <div role="status" className={styles.stack}>
          <Suspense fallback={null}>
            {toasts
              .filter((toast) => !isUrgent(toast))
              .map((toast) => (
                <ToastView key={toast.id} toast={toast} />
              ))}
          </Suspense>
        </div>
        <div role="alert" className={styles.stack}>
          <Suspense fallback={null}>
            {toasts.filter(isUrgent).map((toast) => (
              <ToastView key={toast.id} toast={toast} />
            ))}
          </Suspense>
        </div>
      </div>
      {current && (
        <Suspense fallback={null}>
          <NotificationDialog key={current.id} request={current} />
        </Suspense>
      )}
    </>
  );
}
