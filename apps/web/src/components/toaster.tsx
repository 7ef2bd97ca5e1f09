import { Suspense, useSyncExternalStore } from 'react';
import { lazyComponent } from '../lib/load-chunk';
import { getNotificationState, subscribe, type Toast } from '../lib/notifications';
import styles from './toaster.module.css';

/* Toasts and dialogs only appear after something the shopper did: their code downloads with the first. */
const ToastView = lazyComponent(() => import('./toast-view').then((m) => m.ToastView));
const NotificationDialog = lazyComponent(() =>
  import('./notification-dialog').then((m) => m.NotificationDialog),
);

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
