import { useEffect, useId, useRef } from 'react';
import type { DialogRequest } from '../lib/notifications';
import { NOTIFY_ICONS } from './icons';
import styles from './notification-dialog.module.css';
import { useModalDialog } from './use-modal-dialog';

/**
 * One `alert()` or `confirm()` in a native modal <dialog>: focus moves in (to the confirm button of an
 * alert, to the cancel button of a question) and back where it was on close; Escape cancels.
 */
export function NotificationDialog({ request }: { request: DialogRequest }) {
  const ref = useModalDialog();
  const titleId = useId();
  const textId = useId();
  const Icon = NOTIFY_ICONS[request.icon];

  // An alert with a timer closes by itself, paused while the pointer rests on it.
  const remaining = useRef(request.timer);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const started = useRef(0);
  const resume = () => {
    if (remaining.current === undefined) return;
    started.current = Date.now();
    timer.current = setTimeout(() => request.close(false), remaining.current);
  };
  const pause = () => {
    if (remaining.current === undefined || timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current = Math.max(0, remaining.current - (Date.now() - started.current));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer starts once, when the dialog opens
  useEffect(() => {
    resume();
    return () => clearTimeout(timer.current);
  }, []);

  const isConfirm = request.kind === 'confirm';
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={request.text ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        request.close(false);
      }}
      onPointerEnter={pause}
      onPointerLeave={() => {
        if (timer.current === undefined) resume();
      }}
    >
      <Icon className={`${styles.icon} ${styles[request.icon]}`} width={56} height={56} />
      <h2 id={titleId} className={styles.title}>
        {request.title}
      </h2>
      {request.text && (
        <p id={textId} className={styles.text}>
          {request.text}
        </p>
      )}
      <div className={styles.actions}>
        {isConfirm && (
          <button
            type="button"
            className={styles.cancel}
            data-autofocus=""
            onClick={() => request.close(false)}
          >
            {request.cancelText}
          </button>
        )}
        <button
          type="button"
          className={styles.confirm}
          data-autofocus={isConfirm ? undefined : ''}
          onClick={() => request.close(true)}
        >
          {request.confirmText}
        </button>
      </div>
    </dialog>
  );
}
