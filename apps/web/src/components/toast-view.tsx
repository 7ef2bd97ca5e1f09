import { dismiss, type Toast, useToastTimer } from '../lib/notifications';
import { CloseIcon } from './icons';
import { NOTIFY_ICONS } from './notify-icons';
import styles from './toaster.module.css';

/** One toast: its icon, title and text, and a button that closes it before its timer does. */
export function ToastView({ toast }: { toast: Toast }) {
  useToastTimer(toast);
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
