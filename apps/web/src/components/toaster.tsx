import { useSyncExternalStore } from 'react';
import { dismiss, getNotificationState, subscribe, type Toast } from '../lib/notifications';
import { CloseIcon, NOTIFY_ICONS } from './icons';
import { NotificationDialog } from './notification-dialog';
import styles from './toaster.module.css';

const isUrgent = (toast: Toast) => toast.icon === 'error' || toast.icon === 'warning';

/**
 * Renders what `notify()`, `alert()` and `confirm()` raised. The two live regions are always present so
 * screen readers announce what is added: success/info politely (status), error/warning at once (alert).
 */
export function Toaster() {
  const { toasts, dialogs } = useSyncExternalStore(subscribe, getNotificationState, getNotificationState);
  const current = dialogs[0];
  return (
    <>
      <div className={styles.region}>
        <div role="status" className={styles.stack}>
          {toasts
            .filter((toast) => !isUrgent(toast))
            .map((toast) => (
              <ToastView key={toast.id} toast={toast} />
            ))}
        </div>
        <div role="alert" className={styles.stack}>
          {toasts.filter(isUrgent).map((toast) => (
            <ToastView key={toast.id} toast={toast} />
          ))}
        </div>
      </div>
      {current && <NotificationDialog key={current.id} request={current} />}
    </>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const Icon = NOTIFY_ICONS[toast.icon];
  return (
    <div className={`${styles.toast} ${styles[toast.icon]}`}>
      <Icon className={styles.icon} width={24} height={24} />
      <div className={styles.body}>
        <p className={styles.title}>{toast.title}</p>
        {toast.text && <p className={styles.text}>{toast.text}</p>}
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Cerrar notificación"
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  );
}
