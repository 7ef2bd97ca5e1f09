import { useSyncExternalStore } from 'react';
import { dismiss, getNotifications, subscribe } from '../lib/notifications';
import { CloseIcon } from './icons';
import styles from './toaster.module.css';

/** Renders the notifications raised with `notify()`, inside a live region that is always present. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getNotifications, getNotifications);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`${styles.toast} ${styles[item.kind]}`}>
          <p>{item.message}</p>
          <button
            type="button"
            className={styles.close}
            aria-label="Cerrar notificación"
            onClick={() => dismiss(item.id)}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ))}
    </div>
  );
}
